<?php
/**
 * Atrium's widgets (<atrium-notification-bar>, <atrium-dev-toolbar>) for PHP pages.
 *
 *     <?php require_once '/path/to/integrations/php/atrium.php'; ?>
 *     <body>
 *       <?= atrium_widgets(['notifications' => $notices, 'nonce' => $cspNonce]) ?>
 *
 * PHP 7.0 or later, no Composer and no extension beyond json (no mbstring, no dom). The output is pure
 * ASCII (every other character is a numeric reference or a JSON \u escape), so it is the same bytes and
 * reads the same on a UTF-8 page and on an ISO-8859-1 one.
 *
 * What it prints, in this order:
 *   - the notification bar; with 'notifications', already rendered (declarative shadow DOM, the bar's own
 *     markup, inline bold and italics included) so it is in the page's first paint at its final size and
 *     nothing moves when the script runs;
 *   - the toolbar's tag, unless 'toolbar' => false;
 *   - the loader: a small inline script that styles the server-rendered bar at once and imports the widgets
 *     only after the page's `load` event, so a slow, down or hung Atrium never holds the page up.
 *
 * And, for the page's <head>, atrium_widgets_head(): holds the first paint until the loader has been parsed.
 *
 * See README.md beside this file.
 */

/** Elements whose content is code or invisible: they go with everything inside them. */
const ATRIUM_DROPPED_WITH_CONTENT = 'script|style|template|iframe|noscript|svg|math|textarea|title';

/**
 * The inline formatting the bar keeps (its sanitiser's allow-list, packages/widgets/src/notification-bar/
 * sanitize.ts) that the helper prints too, so bold words are bold, and as wide, from the first paint. The
 * bar's other allowed tags (links, paragraphs, lists) are shown as their words until the script runs.
 */
const ATRIUM_INLINE_TAGS = ['b', 'strong', 'i', 'em'];

/**
 * The loader without the bar's styles, for when no manifest can be read (Atrium down at render time and
 * nothing cached): the same text as the build's `loaderLite` (kept in step by a test).
 */
const ATRIUM_FALLBACK_LOADER = "(function(d,w){var me=d.currentScript;if(!me)return;var h=d.documentElement,pb=d.querySelector('atrium-notification-bar[placement=root]');if(pb&&d.body&&pb.parentNode.nodeName!=='ATRIUM-BAR-ROOM'){var cs=w.getComputedStyle(h),m0=parseFloat(cs.marginTop)||0,room=d.createElement('atrium-bar-room'),rs=room.style;if(cs.position==='static')h.style.setProperty('position','relative');rs.cssText='display:block;position:absolute;left:0;right:0;margin:0;padding:0;border:0';h.appendChild(room);room.appendChild(pb);var fit=function(){var bh=pb.offsetHeight;h.style.setProperty('margin-top',(m0+bh)+'px');rs.setProperty('top',(-bh)+'px');h.style.setProperty('--atr-bar-space',bh+'px')};fit();if(w.ResizeObserver)new w.ResizeObserver(fit).observe(pb);try{var ps=new CSSStyleSheet();ps.replaceSync('@media print{html{margin-top:'+m0+'px!important}'+'atrium-bar-room{position:static!important}}');d.adoptedStyleSheets=d.adoptedStyleSheets.concat([ps])}catch(e){}}function go(){var s=d.createElement('script');s.type='module';var u=me.getAttribute('data-src'),o=me.getAttribute('data-origin');try{u+='#origin='+new URL(o===null?u:o,w.location.href).origin}catch(e){}var tt=w.trustedTypes;if(tt&&tt.createPolicy){try{u=tt.createPolicy('atrium-loader',{createScriptURL:function(x){return x}}).createScriptURL(u)}catch(e){}}s.src=u;var sri=me.getAttribute('data-integrity');if(sri){s.integrity=sri;s.crossOrigin='anonymous'}s.onerror=function(){var c=w.console;if(c&&c.error)c.error('[atrium-widgets] the widgets did not load from '+me.getAttribute('data-src')+': Atrium is down or unreachable, or does not list this origin in ATRIUM_EMBED_ORIGINS')};if(me.nonce)s.nonce=me.nonce;(d.head||d.documentElement).appendChild(s)}if(d.readyState==='complete')setTimeout(go,0);else w.addEventListener('load',function(){setTimeout(go,0)})})(document,window);";

/**
 * An empty element printed after the loader: what atrium_widgets_head()'s link waits for. After it, not the
 * loader itself: Chromium lets the page paint once the awaited element is in the document, and a script
 * element is in it just before it runs (measured: waiting for the loader's own id moved nothing).
 */
const ATRIUM_READY_ID = 'atrium-widgets-ready';

/**
 * The HTML to print in the page's <head>: a render-blocking `expect` link on the end of atrium_widgets()'s output.
 *
 * Why: a browser paints a page while it is still arriving. When the bytes stop between the server-rendered
 * bar and the loader that styles it (an output buffer or a network packet ending there, a busy machine), the
 * bar was painted unstyled, as a plain list, for a frame, and the page below it jumped when the loader ran
 * (layout shifts of 0.10-0.15 on the legacy test pages of tests/e2e/legacy-php-widgets.spec.ts at 8x
 * CPU, about one load in six). With this link the browser paints nothing of the body until the loader has
 * run. A browser without `rel=expect` ignores it; a page whose loader never comes paints when its HTML is
 * all parsed.
 */
function atrium_widgets_head(): string
{
    return '<link rel="expect" href="#' . ATRIUM_READY_ID . '" blocking="render">';
}

/**
 * The HTML to print where the bar belongs (the top of <body>, before the page's own header).
 *
 * Options:
 *   'base'          Atrium's origin when it is another host ('https://app.school.edu'); '' (default): this one.
 *   'nonce'         the page's CSP nonce, put on the loader script (and passed on to the script it adds).
 *   'notifications' the notices to show, as initialize returns them (id, message, closeable, clickable,
 *                   static, body, routeInfo): rendered on the server. Left out, on Atrium's own origin:
 *                   the helper asks Atrium for the visitor's notices itself ('session'). Otherwise the
 *                   bar reads them once the page has loaded (it then appears after `load`).
 *   'session'       true (default): on Atrium's origin ('base' empty), ask Atrium for the notices of the
 *                   visitor's own session (their atrium_sid cookie, forwarded; none: nobody is signed in,
 *                   no request) within 'session_timeout' seconds (default 0.3), so the bar is in the first
 *                   paint at its final size. On another host ('base' set), the same with the notice feed's
 *                   cookie the widgets keep on this host (atrium_feed; none: no request, the bar reads
 *                   the notices itself after `load`), sent to 'server', else 'base'. false: never ask.
 *   'server'        how this PHP server reaches Atrium, for the manifest and the notices: env
 *                   ATRIUM_SERVER_URL, else the page's own front door (this request's server address and
 *                   port, with the page's Host), which routes /lapi/ and /widgets/ to Atrium on one origin.
 *   'placement'     'root' (default): the bar's room is a top margin of <html>, so every element of the
 *                   page moves below it, those positioned against the page too (the loader does it before
 *                   the first paint); 'flow': the bar is a block at the top of <body>, in the body's flow,
 *                   for a page whose own layout gives it room (docs/embedding.md says when).
 *   'toolbar'       false leaves <atrium-dev-toolbar> out (pages that know the user is not root, HQ or
 *                   acting as someone). Default true.
 *   'charset'       the charset of the strings you pass: 'UTF-8' (default) or 'ISO-8859-1' (also
 *                   'latin1', 'windows-1252'). A string that is not valid UTF-8 is read as Latin-1 anyway.
 *   'manifest'      where the build's widgets/manifest.json is: a file path (the deployed dist/), or a URL
 *                   (fetched with a short timeout and cached). Default: env ATRIUM_WIDGETS_MANIFEST, else
 *                   "{base}/widgets/manifest.json" when 'base' is absolute, else the same path on 'server'.
 *   'cache_dir'     where a fetched manifest is cached (default: sys_get_temp_dir()); 'cache_ttl' seconds
 *                   (default 300); 'timeout' seconds for the fetch (default 1).
 */
function atrium_widgets(array $options = []): string
{
    $base = rtrim(isset($options['base']) ? (string) $options['base'] : '', '/');
    $nonce = isset($options['nonce']) ? (string) $options['nonce'] : '';
    $latin1 = atrium_is_latin1_charset(isset($options['charset']) ? (string) $options['charset'] : 'UTF-8');
    $problems = [];
    $manifest = atrium_widgets_manifest($options, $base, $problems);
    if (!isset($options['notifications']) && (!isset($options['session']) || $options['session'] !== false)) {
        $asked = $base === '' ? atrium_session_notices($options, $problems) : atrium_feed_notices($options, $base, $problems);
        if ($asked !== null) {
            $options['notifications'] = $asked;
        }
    }

    $html = atrium_problems_comment($problems);
    $placement = isset($options['placement']) && $options['placement'] === 'flow' ? '' : ' placement="root"';
    $notifications = isset($options['notifications']) && is_array($options['notifications'])
        ? atrium_normalize_notifications($options['notifications'], $latin1)
        : null;
    if ($notifications === null) {
        $html .= '<atrium-notification-bar' . $placement . '></atrium-notification-bar>';
    } else {
        $json = json_encode($notifications, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT);
        if ($json === false) {
            $json = '[]';
        }
        $html .= '<atrium-notification-bar' . $placement . ' notifications="' . atrium_escape($json) . '">';
        // Only with the manifest's loader, which carries the bar's stylesheet: unstyled markup would move.
        if ($manifest !== null) {
            $html .= '<template shadowrootmode="open">' . atrium_bar_markup($notifications) . '</template>';
        }
        $html .= '</atrium-notification-bar>';
    }
    if (!isset($options['toolbar']) || $options['toolbar'] !== false) {
        $html .= "\n<atrium-dev-toolbar></atrium-dev-toolbar>";
    }

    if ($manifest !== null) {
        // A widgets release's manifest names its entry by `url` (Atrium's path, or a CDN's https address).
        $src = isset($manifest['url'])
            ? (strpos($manifest['url'], '/') === 0 ? $base . $manifest['url'] : $manifest['url'])
            : $base . '/widgets/' . $manifest['entry'];
        $loader = $notifications === null ? $manifest['loaderLite'] : $manifest['loader'];
        $integrity = $manifest['integrity'];
        // An entry on a CDN: the widgets must not take the CDN for Atrium, so the loader is told Atrium's
        // origin ('base', or this page's own when empty) and hands it to the widgets.
        $stated = isset($manifest['url']) && strpos($manifest['url'], '/') !== 0;
    } else {
        $src = $base . '/widgets/atrium-widgets.js';
        $loader = ATRIUM_FALLBACK_LOADER;
        $integrity = '';
        $stated = false;
    }
    $html .= "\n<script" . ($nonce !== '' ? ' nonce="' . atrium_escape($nonce) . '"' : '')
        . ' data-src="' . atrium_escape($src) . '"'
        . ($integrity !== '' ? ' data-integrity="' . atrium_escape($integrity) . '"' : '')
        . ($stated ? ' data-origin="' . atrium_escape($base) . '"' : '')
        . '>' . atrium_script_text($loader) . "</script>"
        . '<template id="' . ATRIUM_READY_ID . '"></template>' . "\n";
    return $html;
}

/** The bar's markup for `$notifications`, exactly as the element renders it (less Lit's comments). */
function atrium_bar_markup(array $notifications): string
{
    $items = '';
    foreach ($notifications as $item) {
        $closeable = $item['closeable'] && !$item['static'];
        $words = atrium_words($item['message']);
        $formatted = atrium_inline_markup($item['message']);
        $message = $item['clickable']
            ? '<button class="open" part="open" aria-haspopup="dialog">' . $formatted . '</button>'
            : $formatted;
        $items .= '<li class="' . ($item['static'] ? 'note note--static' : 'note') . '"'
            . ' part="' . ($item['static'] ? 'notification static' : 'notification') . '"'
            . ' data-id="' . atrium_escape($item['id']) . '">'
            . '<span class="message" part="message">' . $message . '</span>'
            . ($closeable
                ? '<button class="close" part="close" aria-label="'
                    . atrium_escape('Dismiss notification: ' . $words)
                    . '" title="Dismiss"><span aria-hidden="true">&#215;</span></button>'
                : '')
            . '</li>';
    }
    $reserved = $items !== '';
    return '<div class="' . ($reserved ? 'frame frame--reserved' : 'frame') . '" part="frame" role="status"'
        . ' aria-live="polite" aria-label="System notifications">'
        . ($reserved ? '<ul class="list">' . $items . '</ul>' : '')
        . '</div>';
}

/**
 * The notices the bar would accept, in UTF-8: an entry without an id or a message is dropped (as the
 * element drops it), the first of two with one id wins.
 */
function atrium_normalize_notifications(array $list, bool $latin1): array
{
    $seen = [];
    $out = [];
    foreach ($list as $entry) {
        if (!is_array($entry) || !isset($entry['id'], $entry['message'])) {
            continue;
        }
        if (!is_string($entry['id']) || $entry['id'] === '' || !is_string($entry['message'])) {
            continue;
        }
        $id = atrium_utf8($entry['id'], $latin1);
        if (isset($seen[$id])) {
            continue;
        }
        $seen[$id] = true;
        $item = [
            'id' => $id,
            'message' => atrium_utf8($entry['message'], $latin1),
            'closeable' => isset($entry['closeable']) && $entry['closeable'] === true,
            'clickable' => isset($entry['clickable']) && $entry['clickable'] === true,
            'static' => isset($entry['static']) && $entry['static'] === true,
            'routeInfo' => null,
        ];
        if (isset($entry['body']) && is_string($entry['body'])) {
            $item['body'] = atrium_utf8($entry['body'], $latin1);
        }
        $route = isset($entry['routeInfo']) ? $entry['routeInfo'] : null;
        if (is_array($route) && isset($route['app'], $route['category'], $route['type'])
            && is_string($route['app']) && is_string($route['category']) && is_string($route['type'])) {
            $item['routeInfo'] = [
                'app' => atrium_utf8($route['app'], $latin1),
                'category' => atrium_utf8($route['category'], $latin1),
                'type' => atrium_utf8($route['type'], $latin1),
            ];
        }
        $out[] = $item;
    }
    return $out;
}

function atrium_is_latin1_charset(string $charset): bool
{
    return in_array(strtolower(str_replace('_', '-', $charset)), ['iso-8859-1', 'latin1', 'latin-1', 'windows-1252', 'cp1252'], true);
}

/** `$text` as UTF-8: converted from Latin-1 when the page says so, or when it is not valid UTF-8. */
function atrium_utf8(string $text, bool $latin1): string
{
    if (!$latin1 && preg_match('//u', $text) === 1) {
        return $text;
    }
    $out = '';
    $length = strlen($text);
    for ($i = 0; $i < $length; $i++) {
        $byte = ord($text[$i]);
        $out .= $byte < 0x80 ? $text[$i] : chr(0xC0 | ($byte >> 6)) . chr(0x80 | ($byte & 0x3F));
    }
    return $out;
}

/**
 * The words of a notice's HTML, as the bar's first paint shows them before its sanitiser runs: elements
 * whose content is code or invisible go with their content, other tags go, entities are decoded, white
 * space is collapsed.
 */
function atrium_words(string $html): string
{
    if (strpbrk($html, '<&') === false) {
        return $html;
    }
    $text = preg_replace('~<(' . ATRIUM_DROPPED_WITH_CONTENT . ')\b[^>]*>.*?</\1\s*>~is', ' ', $html);
    $text = preg_replace('~<!--.*?-->~s', '', (string) $text);
    $text = strip_tags((string) $text);
    $text = html_entity_decode($text, ENT_QUOTES | ENT_HTML5, 'UTF-8');
    return trim((string) preg_replace('~\s+~u', ' ', $text));
}

/**
 * A notice's HTML as the bar will show it, for the formatting that changes the size of the words: the
 * words escaped (as atrium_words() finds them, white space left to the browser as the bar leaves it), and
 * of the tags only <b>, <strong>, <i>, <em> and <br>, bare (no attribute), properly nested, every one
 * closed. Built from fixed tag strings and escaped text only, so nothing of the input reaches the page as
 * markup.
 */
function atrium_inline_markup(string $html): string
{
    if (strpbrk($html, '<&') === false) {
        return atrium_escape($html);
    }
    $text = preg_replace('~<(' . ATRIUM_DROPPED_WITH_CONTENT . ')\b[^>]*>.*?</\1\s*>~is', '', $html);
    $text = preg_replace('~<!--.*?-->~s', '', (string) $text);
    $parts = preg_split('~(</?[A-Za-z][^>]*>)~', (string) $text, -1, PREG_SPLIT_DELIM_CAPTURE);
    $out = '';
    $open = [];
    foreach ($parts === false ? [] : $parts as $index => $part) {
        if ($index % 2 === 0) {
            $out .= atrium_escape(html_entity_decode($part, ENT_QUOTES | ENT_HTML5, 'UTF-8'));
            continue;
        }
        if (preg_match('~^<(/?)([A-Za-z][A-Za-z0-9]*)~', $part, $match) !== 1) {
            continue;
        }
        $name = strtolower($match[2]);
        if ($name === 'br' && $match[1] === '') {
            $out .= '<br>';
        } elseif (in_array($name, ATRIUM_INLINE_TAGS, true)) {
            if ($match[1] === '') {
                $open[] = $name;
                $out .= '<' . $name . '>';
            } elseif (in_array($name, $open, true)) {
                // An end tag closes its element and any opened inside it, as the HTML parser does.
                do {
                    $closed = array_pop($open);
                    $out .= '</' . $closed . '>';
                } while ($closed !== $name);
            }
        }
        // Any other tag is left out; its words stay.
    }
    while ($open !== []) {
        $out .= '</' . array_pop($open) . '>';
    }
    return $out;
}

/**
 * Escaped for HTML text and double-quoted attributes, in ASCII only: every character beyond it becomes a
 * numeric reference, which means the same thing on a page of any charset.
 */
function atrium_escape(string $utf8): string
{
    $escaped = htmlspecialchars($utf8, ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8');
    return (string) preg_replace_callback('~[\x{80}-\x{10FFFF}]~u', function ($match) {
        return '&#' . atrium_code_point($match[0]) . ';';
    }, $escaped);
}

/** The code point of one UTF-8 encoded character. */
function atrium_code_point(string $char): int
{
    $bytes = array_values(unpack('C*', $char));
    $count = count($bytes);
    if ($count === 1) {
        return $bytes[0];
    }
    $point = $bytes[0] & (0xFF >> ($count + 1));
    for ($i = 1; $i < $count; $i++) {
        $point = ($point << 6) | ($bytes[$i] & 0x3F);
    }
    return $point;
}

/** Inline script text can end only with "</script": the build's snippet never contains it; make sure. */
function atrium_script_text(string $js): string
{
    return str_ireplace('</script', '<\/script', $js);
}

/**
 * The build's widgets/manifest.json: from a file, or fetched from Atrium and cached (a failed fetch is
 * remembered for 30 seconds, so a hung Atrium costs one short timeout per half minute, not one per page).
 * Null when none can be read: the helper then loads the fixed-name script without integrity.
 */
function atrium_widgets_manifest(array $options, string $base, array &$problems)
{
    $manifest = atrium_read_manifest($options, $base, $source);
    if ($manifest === null) {
        $problems[] = 'no widgets manifest could be read' . ($source !== '' ? ' from ' . $source : '')
            . ': the widgets load without integrity and the bar is drawn only after the page has loaded.'
            . " Fix: give the 'manifest' option (or ATRIUM_WIDGETS_MANIFEST) the deployed dist/widgets/manifest.json,"
            . " or 'base'/'server' an Atrium this server can reach.";
    }
    return $manifest;
}

/** The manifest from `$source` (set to where it looked: '' when nowhere), or null. */
function atrium_read_manifest(array $options, string $base, &$source)
{
    $source = isset($options['manifest']) ? (string) $options['manifest'] : (string) getenv('ATRIUM_WIDGETS_MANIFEST');
    if ($source === '' && preg_match('~^https?://~i', $base) === 1) {
        $source = $base . '/widgets/manifest.json';
    }
    $door = null;
    if ($source === '' && $base === '') {
        $door = atrium_front_door($options);
        $source = $door === null ? '' : $door['url'] . '/widgets/manifest.json';
    }
    if ($source === '') {
        return null;
    }
    if (preg_match('~^https?://~i', $source) !== 1) {
        return atrium_parse_manifest(is_readable($source) ? (string) file_get_contents($source) : '');
    }
    $ttl = isset($options['cache_ttl']) ? (int) $options['cache_ttl'] : 300;
    $timeout = isset($options['timeout']) ? (float) $options['timeout'] : 1.0;
    $dir = atrium_private_cache_dir($options);
    $cache = $dir === null ? null : $dir . '/manifest-' . sha1($source) . '.json';
    $cached = $cache !== null && atrium_is_private_file($cache)
        ? atrium_parse_manifest((string) file_get_contents($cache))
        : null;
    $age = $cache !== null && is_file($cache) ? time() - (int) filemtime($cache) : PHP_INT_MAX;
    if ($age < ($cached !== null ? $ttl : 30)) {
        return $cached;
    }
    $context = atrium_http_context($door, ['timeout' => $timeout, 'ignore_errors' => false]);
    $body = @file_get_contents($source, false, $context);
    $fresh = is_string($body) ? atrium_parse_manifest($body) : null;
    if ($fresh !== null) {
        if ($cache !== null) {
            atrium_write_private_file($cache, (string) $body);
        }
        return $fresh;
    }
    // Keep serving the last good one, and do not ask again at once.
    if ($cache !== null) {
        is_file($cache) ? @touch($cache) : atrium_write_private_file($cache, '');
    }
    return $cached;
}

/**
 * The folder the fetched manifest is cached in, private to the PHP user: option 'cache_dir', else env
 * ATRIUM_WIDGETS_CACHE_DIR, else "atrium-widgets-<uid>" in the system's temp folder; made 0700 when missing.
 *
 * Why private: the manifest's loader is printed inline, under the page's nonce. A cache any other local
 * user can write (the shared temp folder, a predictable name) let that user run script on every page.
 * A folder that is not a real folder of this user's, or that others may write, is not used (and said so
 * in the error log); the manifest is then fetched for each page, within the timeout.
 */
function atrium_private_cache_dir(array $options)
{
    $dir = isset($options['cache_dir']) ? (string) $options['cache_dir'] : (string) getenv('ATRIUM_WIDGETS_CACHE_DIR');
    if ($dir === '') {
        $dir = rtrim(sys_get_temp_dir(), '/\\') . '/atrium-widgets-' . atrium_process_uid();
    }
    $dir = rtrim($dir, '/\\');
    if (!file_exists($dir) && !is_link($dir)) {
        $mask = umask(077);
        @mkdir($dir, 0700, true);
        umask($mask);
    }
    clearstatcache(true, $dir);
    $problem = null;
    if (is_link($dir) || !is_dir($dir)) {
        $problem = 'is not a folder (a symbolic link or a file is refused)';
    } elseif (function_exists('posix_geteuid') && fileowner($dir) !== posix_geteuid()) {
        $problem = 'is owned by another user';
    } elseif ((fileperms($dir) & 0077) !== 0) {
        $problem = 'can be read or written by other users (it must be mode 0700)';
    }
    if ($problem !== null) {
        atrium_warn("the manifest cache folder {$dir} {$problem}: the manifest is fetched for each page instead."
            . " Fix: give the 'cache_dir' option (or ATRIUM_WIDGETS_CACHE_DIR) a folder of the PHP user's, mode 0700.");
        return null;
    }
    return $dir;
}

/** The PHP process's user id ('' when PHP cannot tell): part of the default cache folder's name. */
function atrium_process_uid(): string
{
    return function_exists('posix_geteuid') ? (string) posix_geteuid() : (string) getmyuid();
}

/** A regular file (not a link) of this user's that no other user may write. */
function atrium_is_private_file(string $file): bool
{
    clearstatcache(true, $file);
    if (is_link($file) || !is_file($file) || !is_readable($file)) {
        return false;
    }
    if (function_exists('posix_geteuid') && fileowner($file) !== posix_geteuid()) {
        return false;
    }
    return (fileperms($file) & 0022) === 0;
}

/** Written whole or not at all (a temporary file renamed over it), mode 0600. */
function atrium_write_private_file(string $file, string $body)
{
    $temp = @tempnam(dirname($file), 'manifest-');
    if ($temp === false) {
        return;
    }
    @chmod($temp, 0600);
    if (@file_put_contents($temp, $body) !== strlen($body) || !@rename($temp, $file)) {
        @unlink($temp);
    }
}

/** One line in PHP's error log, prefixed so it can be found. */
function atrium_warn(string $message)
{
    error_log('[atrium-widgets] ' . $message);
}

/**
 * How this PHP server reaches Atrium: option 'server' (or env ATRIUM_SERVER_URL), else this request's own
 * front door (the address and port the request came in on, asked with the page's Host), which on one origin
 * routes /lapi/ and /widgets/ to Atrium. Null outside a web request with neither.
 */
function atrium_front_door(array $options)
{
    $server = isset($options['server']) ? (string) $options['server'] : (string) getenv('ATRIUM_SERVER_URL');
    if ($server !== '') {
        return ['url' => rtrim($server, '/'), 'host' => null];
    }
    if (!isset($_SERVER['SERVER_ADDR'], $_SERVER['SERVER_PORT'], $_SERVER['HTTP_HOST'])) {
        return null;
    }
    $https = !empty($_SERVER['HTTPS']) && strtolower((string) $_SERVER['HTTPS']) !== 'off';
    $address = (string) $_SERVER['SERVER_ADDR'];
    if (strpos($address, ':') !== false) {
        $address = '[' . $address . ']';
    }
    return [
        'url' => ($https ? 'https://' : 'http://') . $address . ':' . (int) $_SERVER['SERVER_PORT'],
        'host' => (string) $_SERVER['HTTP_HOST'],
    ];
}

/** A stream context for a request through `$door` (its Host, and its name for TLS), with `$http` options. */
function atrium_http_context($door, array $http)
{
    $ssl = [];
    if ($door !== null && $door['host'] !== null) {
        $http['header'] = (isset($http['header']) ? $http['header'] : '') . 'Host: ' . $door['host'] . "\r\n";
        $ssl['peer_name'] = (string) preg_replace('~:\d+$~', '', $door['host']);
    }
    return stream_context_create(['http' => $http, 'ssl' => $ssl]);
}

/**
 * The notices of the visitor's own Atrium session, asked of Atrium with their session cookie: a list
 * (empty: nobody signed in), or null when Atrium could not say in time (the bar then reads them itself,
 * after the page has loaded, and holds no room meanwhile).
 *
 * Why: a bar that learns its notices after the page has painted pushes the page down when they arrive
 * (layout shifts of 0.06-0.20 on a wiki's pages). Known on the server, they are in the first paint.
 */
function atrium_session_notices(array $options, array &$problems)
{
    $cookie = null;
    foreach (['__Host-atrium_sid', 'atrium_sid'] as $name) {
        if (isset($_COOKIE[$name]) && is_string($_COOKIE[$name]) && preg_match('#^[A-Za-z0-9._~+/=%-]{1,512}$#', $_COOKIE[$name]) === 1) {
            $cookie = $name . '=' . $_COOKIE[$name];
            break;
        }
    }
    $door = atrium_front_door($options);
    if ($door === null) {
        // Not a web request (a script rendering a page ahead): nobody's session to ask for.
        return null;
    }
    if ($cookie === null) {
        return [];
    }
    $timeout = isset($options['session_timeout']) ? (float) $options['session_timeout'] : 0.3;
    $context = atrium_http_context($door, [
        'method' => 'POST',
        'timeout' => $timeout,
        'ignore_errors' => true,
        'header' => "Content-Type: application/json\r\nAccept: application/json\r\nCookie: " . $cookie . "\r\n",
        'content' => '{}',
    ]);
    $url = $door['url'] . '/lapi/rpc/common/ionic/initialize?optional=1';
    $status = atrium_ask_notices($url, $context, $list);
    if ($status === 204 || $status === 401) {
        return [];
    }
    if ($list === null) {
        $problems[] = atrium_notices_problem($url, $status, $timeout);
    }
    return $list;
}

/** The HTTP status of a POST for notices (0: no answer in time), and in `$list` the notices it answered, or null. */
function atrium_ask_notices(string $url, $context, &$list): int
{
    $body = @file_get_contents($url, false, $context);
    $status = 0;
    if (isset($http_response_header[0]) && preg_match('~^HTTP/\S+\s+(\d{3})~', $http_response_header[0], $match) === 1) {
        $status = (int) $match[1];
    }
    $answer = $status === 200 && is_string($body) ? json_decode($body, true) : null;
    $list = is_array($answer) && isset($answer['system_notifications']) && is_array($answer['system_notifications'])
        ? $answer['system_notifications']
        : null;
    return $status;
}

function atrium_notices_problem(string $url, int $status, float $timeout): string
{
    return "the visitor's notices could not be read from {$url} (" . ($status === 0 ? 'no answer within '
        . $timeout . ' s' : 'HTTP ' . $status) . '): the bar shows them only after the page has loaded.'
        . " Fix: check that this server reaches Atrium there, or give the 'server' option (or ATRIUM_SERVER_URL).";
}

/** The first-party cookie the widgets keep on another host (packages/widgets/src/legacy/session-sync.ts). */
const ATRIUM_FEED_COOKIE = 'atrium_feed';

/**
 * On another host of the site: the visitor's notices from Atrium's notice feed, with the sealed token the
 * widgets keep in this host's `atrium_feed` cookie, forwarded server to server. A list, or null when there
 * is no token yet (the first signed-in page on this host), when Atrium refuses it (expired, signed out,
 * another user: the widgets renew or remove it on this page), or when Atrium could not say in time: the
 * bar then reads the notices itself after `load`.
 *
 * Why: this host cannot see Atrium's session cookie; without the notices the bar pushed every signed-in
 * page down when they arrived.
 */
function atrium_feed_notices(array $options, string $base, array &$problems)
{
    $token = isset($_COOKIE[ATRIUM_FEED_COOKIE]) ? $_COOKIE[ATRIUM_FEED_COOKIE] : null;
    if (!is_string($token) || preg_match('#^v1\.[A-Za-z0-9_-]{16,1000}$#', $token) !== 1) {
        return null;
    }
    $server = isset($options['server']) ? (string) $options['server'] : (string) getenv('ATRIUM_SERVER_URL');
    if ($server === '') {
        $server = $base;
    }
    if (preg_match('~^https?://~i', $server) !== 1) {
        return null;
    }
    $timeout = isset($options['session_timeout']) ? (float) $options['session_timeout'] : 0.3;
    $context = stream_context_create(['http' => [
        'method' => 'POST',
        'timeout' => $timeout,
        'ignore_errors' => true,
        'header' => "Content-Type: application/json\r\nAccept: application/json\r\n",
        'content' => json_encode(['feed_token' => $token]),
    ]]);
    $url = rtrim($server, '/') . '/lapi/rpc/common/ionic/notice_feed';
    $status = atrium_ask_notices($url, $context, $list);
    // 401: a token Atrium no longer honours, which the widgets renew (or remove) on this very page.
    if ($list === null && $status !== 401) {
        $problems[] = atrium_notices_problem($url, $status, $timeout);
    }
    return $list;
}

/** What is missing, in PHP's error log and as an HTML comment in the page (no secret in either). */
function atrium_problems_comment(array $problems): string
{
    $html = '';
    foreach ($problems as $problem) {
        atrium_warn($problem);
        $html .= '<!-- [atrium-widgets] ' . str_replace('--', '- -', atrium_escape($problem)) . " -->\n";
    }
    return $html;
}

function atrium_parse_manifest(string $json)
{
    $data = json_decode($json, true);
    if (!is_array($data)) {
        return null;
    }
    foreach (['entry', 'integrity', 'loader', 'loaderLite'] as $key) {
        if (!isset($data[$key]) || !is_string($data[$key]) || $data[$key] === '') {
            return null;
        }
    }
    if (preg_match('~^[A-Za-z0-9._-]+\.js$~', $data['entry']) !== 1) {
        return null;
    }
    if (isset($data['url']) && (!is_string($data['url'])
        || preg_match('#^(/(?!/)[A-Za-z0-9._~/@+-]+|https://[A-Za-z0-9.-]+(:\d+)?/[A-Za-z0-9._~/@+%-]+)\.js$#', $data['url']) !== 1)) {
        return null;
    }
    // The loaders are printed inline under the page's nonce: only text whose hash is the one the
    // manifest declares for it (the build writes both) is ever printed.
    foreach (['loader', 'loaderLite'] as $key) {
        $declared = isset($data['loaderHashes'][$key]) ? $data['loaderHashes'][$key] : null;
        $actual = "'sha256-" . base64_encode(hash('sha256', $data[$key], true)) . "'";
        if (!is_string($declared) || !hash_equals($declared, $actual)) {
            atrium_warn("the manifest's {$key} does not match the hash it declares (loaderHashes.{$key}):"
                . ' it is not printed. Fix: deploy the manifest.json the build wrote, unchanged.');
            return null;
        }
    }
    return $data;
}
