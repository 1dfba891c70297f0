<?php
// Shared by the legacy screens of tests/e2e/legacy-php-widgets.spec.ts: the app's own PHP session and the
// Atrium helper, as an old suite would include them from a header file.
session_name('LEGACYSESSID');
session_start();
$_SESSION['views'] = isset($_SESSION['views']) ? $_SESSION['views'] + 1 : 1;

require_once __DIR__ . '/../../../../integrations/php/atrium.php';

/**
 * The notices this app shows: the same ones Atrium seeds (the app reads them from the same place), so a
 * dismissal here is one the new app in the same tab must respect too. One carries inline formatting, which
 * the helper prints as the bar will.
 */
function legacy_notices()
{
    return [
        ['id' => 'welcome-gradebook', 'message' => 'New gradebook features are now available in Learning Management.',
         'closeable' => true, 'clickable' => false, 'static' => false, 'routeInfo' => null],
        ['id' => 'maintenance-sunday', 'message' => 'Scheduled maintenance on <strong>Sunday</strong> from 02:00 to 04:00 (UTC). Some apps may be unavailable.',
         'closeable' => false, 'clickable' => false, 'static' => false, 'routeInfo' => null],
        ['id' => 'privacy-update', 'message' => 'Our privacy policy has been updated. Select this notice to read what changed.',
         'closeable' => true, 'clickable' => true, 'static' => false,
         'body' => '<p>We now keep login records for <strong>90 days</strong> instead of 180.</p>',
         'routeInfo' => ['app' => 'system', 'category' => 'policy', 'type' => 'privacy']],
        ['id' => 'browser-support', 'message' => 'This browser version will not be supported after December 31. Please update your browser.',
         'closeable' => false, 'clickable' => false, 'static' => true, 'routeInfo' => null],
    ];
}

/** The widgets as this page embeds them; `?notices=0` leaves the server-rendered notices out. */
function legacy_widgets(array $options = [])
{
    $defaults = ['manifest' => getenv('ATRIUM_WIDGETS_MANIFEST')];
    if (!isset($_GET['notices']) || $_GET['notices'] !== '0') {
        $defaults['notifications'] = legacy_notices();
    }
    return atrium_widgets(array_merge($defaults, $options));
}

/** A CSP nonce for this response. */
function legacy_nonce()
{
    static $nonce = null;
    if ($nonce === null) {
        $nonce = base64_encode(random_bytes(16));
    }
    return $nonce;
}
