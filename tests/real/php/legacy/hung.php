<?php
// A page whose Atrium is hung: the widgets' origin accepts connections and never answers.
require __DIR__ . '/_common.php';
header('Content-Type: text/html; charset=utf-8');
$nonce = legacy_nonce();
?>
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><?= atrium_widgets_head() ?><title>Hung Atrium</title></head>
<body onload="document.body.setAttribute('data-onload', 'ran')">
<?= atrium_widgets(['manifest' => getenv('ATRIUM_WIDGETS_MANIFEST'), 'base' => getenv('HUNG_ORIGIN')]) ?>
<h1>Hung Atrium</h1>
<p>The page works.</p>
</body>
</html>
