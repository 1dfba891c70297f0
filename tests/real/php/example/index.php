<?php
// A legacy screen as the old suite writes them: its own PHP session, a table layout, a form that posts.
session_name('LEGACYSESSID');
session_start();
if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    $_SESSION['note'] = isset($_POST['note']) ? (string) $_POST['note'] : '';
    header('Location: ' . $_SERVER['SCRIPT_NAME'], true, 303);
    exit;
}
$note = isset($_SESSION['note']) ? $_SESSION['note'] : '';
?>
<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html lang="en">
<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Legacy example</title></head>
<body>
<table width="100%" cellpadding="4" border="0">
  <tr><td><h1>Legacy example</h1></td></tr>
  <tr><td>
    <form method="post" action="">
      <label for="note">Note</label> <input id="note" name="note" type="text">
      <input type="submit" value="Save">
    </form>
    <p id="saved">Saved note: <?php echo htmlspecialchars($note, ENT_QUOTES, 'UTF-8'); ?></p>
  </td></tr>
</table>
</body>
</html>
