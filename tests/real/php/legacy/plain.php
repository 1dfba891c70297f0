<?php
// The reference: the widgets on a plain, modern page with no stylesheet and no scripts of its own.
// `?split=1`: the page arrives in two pieces, the loader 300 ms after the bar (a slow network or a busy
// server), as a page does when its bytes pause there; `&pause=MS` (100-2000) another pause.
// `?head=0`: without atrium_widgets_head().
require __DIR__ . '/_common.php';
header('Content-Type: text/html; charset=utf-8');
$split = isset($_GET['split']);
if ($split) {
    header('X-Accel-Buffering: no'); // nginx passes each piece on as PHP flushes it
}
// `?placement=flow`: the bar in the body's flow rather than on the root element.
$widgets = legacy_widgets(isset($_GET['placement']) && $_GET['placement'] === 'flow' ? ['placement' => 'flow'] : []);
?>
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><?= isset($_GET['head']) && $_GET['head'] === '0' ? '' : atrium_widgets_head() ?><title>Plain page</title></head>
<body>
<?php
if ($split) {
    $cut = strpos($widgets, '<script');
    echo substr($widgets, 0, $cut);
    while (ob_get_level() > 0) {
        ob_end_flush();
    }
    flush();
    $pause = isset($_GET['pause']) ? max(100, min(2000, (int) $_GET['pause'])) : 300;
    usleep($pause * 1000);
    echo substr($widgets, $cut);
} else {
    echo $widgets;
}
?>
<h1>Plain page</h1>
<p>Visit <?= (int) $_SESSION['views'] ?> of this session.</p>
</body>
</html>
