<?php
// Test driver: reads the options as JSON from stdin (strings given as {"latin1": "<hex>"} are passed as
// raw bytes), prints atrium_widgets($options), or atrium_widgets_head() with the argument `head`. Used by
// atrium.test.ts with php-cli.
require __DIR__ . '/../atrium.php';

function atrium_test_decode($value)
{
    if (is_array($value) && isset($value['latin1']) && count($value) === 1) {
        return hex2bin($value['latin1']);
    }
    if (is_array($value)) {
        foreach ($value as $key => $inner) {
            $value[$key] = atrium_test_decode($inner);
        }
    }
    return $value;
}

if (isset($argv[1]) && $argv[1] === 'head') {
    echo atrium_widgets_head();
    exit(0);
}
$options = atrium_test_decode(json_decode(stream_get_contents(STDIN), true));
// The request's cookies, as a browser would send them to the page: {"__cookies": {"atrium_sid": "..."}}.
if (is_array($options) && isset($options['__cookies'])) {
    $_COOKIE = $options['__cookies'];
    unset($options['__cookies']);
}
echo atrium_widgets(is_array($options) ? $options : []);
