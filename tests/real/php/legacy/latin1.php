<?php
// An ISO-8859-1 screen in quirks mode (no doctype), its strings in Latin-1 bytes.
require __DIR__ . '/_common.php';
header('Content-Type: text/html; charset=ISO-8859-1');
$notices = [
    ['id' => 'rentree', 'message' => "Rentr\xE9e des \xE9tudiants le 2 septembre \xE0 8 h.", 'closeable' => true,
     'clickable' => false, 'routeInfo' => null],
];
?>
<html>
<head><?= atrium_widgets_head() ?><title>Emploi du temps</title></head>
<body>
<?= atrium_widgets(['manifest' => getenv('ATRIUM_WIDGETS_MANIFEST'), 'notifications' => $notices, 'charset' => 'ISO-8859-1']) ?>
<table width="100%"><tr><td><h1>Emploi du temps</h1><p id="latin1">Ann<?= "\xE9" ?>e universitaire</p></td></tr></table>
</body>
</html>
