<?php
// A fifteen-year-old screen: HTML 4 table layout, a global stylesheet that styles every element, Prototype.js
// era globals, a fixed footer above everything, its own custom element and its own React 18 on window, and a
// strict CSP (no inline styles at all).
require __DIR__ . '/_common.php';
$nonce = legacy_nonce();
header('Content-Type: text/html; charset=utf-8');
header("Content-Security-Policy: default-src 'self'; script-src 'nonce-$nonce' 'strict-dynamic'; "
    . "style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'");
?>
<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html lang="en">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<?= atrium_widgets_head() ?><title>Gradebook (legacy)</title>
<link rel="stylesheet" type="text/css" href="aggressive.css">
<script nonce="<?= htmlspecialchars($nonce) ?>" src="react18.php?lib=react"></script>
<script nonce="<?= htmlspecialchars($nonce) ?>" src="react18.php?lib=react-dom"></script>
<script nonce="<?= htmlspecialchars($nonce) ?>" src="page-globals.js"></script>
</head>
<body>
<?= legacy_widgets(['nonce' => $nonce]) ?>
<table width="100%" cellpadding="0" cellspacing="0" border="1" id="layout">
  <tr>
    <td width="180" valign="top" id="menu"><h2>Menu</h2><ul><li><a href="plain.php">Plain page</a></li></ul></td>
    <td valign="top">
      <section><h2>Gradebook</h2>
        <p>Visit <?= (int) $_SESSION['views'] ?> of this session. <school-clock></school-clock></p>
        <button type="button">Save grades</button>
        <div id="grade-summary"></div>
      </section>
    </td>
  </tr>
</table>
<div id="footer">Legacy footer, fixed, z-index 1000</div>
</body>
</html>
