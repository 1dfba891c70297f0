<?php
// The reference: the widgets on a plain, modern page with no stylesheet and no scripts of its own.
require __DIR__ . '/_common.php';
header('Content-Type: text/html; charset=utf-8');
?>
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><?= atrium_widgets_head() ?><title>Plain page</title></head>
<body>
<?= legacy_widgets() ?>
<h1>Plain page</h1>
<p>Visit <?= (int) $_SESSION['views'] ?> of this session.</p>
</body>
</html>
