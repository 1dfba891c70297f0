<?php
// An old screen of the legacy suite, as they are written: its own PHP session (not Atrium's), a table
// layout, a form that posts back to itself. It shows Atrium's widgets with one script tag, loaded from
// where the front door says Atrium lives (ATRIUM_ORIGIN: empty on Atrium's own origin).
session_name('VIOLETSESSID');
session_start();
if (!isset($_SESSION['entries'])) {
    $_SESSION['entries'] = array();
}
$error = '';
if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    $site = isset($_POST['site']) ? trim((string) $_POST['site']) : '';
    $hours = isset($_POST['hours']) ? (string) $_POST['hours'] : '';
    if ($site === '' || !preg_match('/^\d{1,2}(\.\d)?$/', $hours)) {
        $error = 'Enter a site and the hours (for example 7.5).';
    } else {
        $_SESSION['entries'][] = array('site' => $site, 'hours' => $hours);
        header('Location: ' . $_SERVER['SCRIPT_NAME'], true, 303);
        exit;
    }
}
$atrium = isset($_SERVER['ATRIUM_ORIGIN']) ? (string) $_SERVER['ATRIUM_ORIGIN'] : '';
function h($text)
{
    return htmlspecialchars($text, ENT_QUOTES, 'UTF-8');
}
?>
<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html lang="en">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>Clinical hours log</title>
<script type="module" src="<?php echo h($atrium); ?>/widgets/atrium-widgets.js"></script>
</head>
<body bgcolor="#ffffff">
<atrium-notification-bar></atrium-notification-bar>
<atrium-dev-toolbar></atrium-dev-toolbar>
<table width="100%" cellpadding="4" cellspacing="0" border="0">
  <tr bgcolor="#336699"><td><font color="#ffffff"><h1>Clinical hours log</h1></font></td></tr>
  <tr><td>
    <table cellpadding="3" cellspacing="0" border="1" summary="Hours logged this session">
      <caption>Hours logged</caption>
      <tr><th scope="col">Site</th><th scope="col">Hours</th></tr>
<?php foreach ($_SESSION['entries'] as $entry) { ?>
      <tr><td><?php echo h($entry['site']); ?></td><td><?php echo h($entry['hours']); ?></td></tr>
<?php } ?>
    </table>
<?php if ($error !== '') { ?>
    <p id="error"><font color="#990000"><?php echo h($error); ?></font></p>
<?php } ?>
    <form method="post" action="<?php echo h($_SERVER['SCRIPT_NAME']); ?>">
      <table cellpadding="2" border="0">
        <tr><td><label for="site">Site</label></td><td><input id="site" name="site" type="text" size="30"></td></tr>
        <tr><td><label for="hours">Hours</label></td><td><input id="hours" name="hours" type="text" size="5"></td></tr>
        <tr><td colspan="2"><input type="submit" value="Log hours"></td></tr>
      </table>
    </form>
  </td></tr>
</table>
</body>
</html>
