<?php
// The page's own React 18 (UMD builds, from the test workspace tests/real/react18), served by this app as an
// old suite serves its vendored libraries: a local file, no CDN.
$files = [
    'react' => 'react/umd/react.production.min.js',
    'react-dom' => 'react-dom/umd/react-dom.production.min.js',
];
$lib = isset($_GET['lib']) ? (string) $_GET['lib'] : '';
if (!isset($files[$lib])) {
    http_response_code(404);
    exit;
}
$path = __DIR__ . '/../../react18/node_modules/' . $files[$lib];
if (!is_readable($path)) {
    http_response_code(500);
    header('Content-Type: text/plain');
    echo "React 18 is not installed: npm install (workspace tests/real/react18)\n";
    exit;
}
header('Content-Type: text/javascript; charset=utf-8');
header('Cache-Control: public, max-age=3600');
readfile($path);
