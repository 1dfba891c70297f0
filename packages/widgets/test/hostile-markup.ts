/**
 * Hostile and ordinary notice markup, shared by the sanitiser's tests (both paths give the same safe output)
 * and the page policy's (what the policy gives runs nothing when written to a page). Each entry would set
 * `window[flag]` (or load something) if it ever ran.
 */
export function hostileMarkup(flag: string): readonly string[] {
  return [
    // The seeded notice.
    `<b>Maintenance</b> tonight<img src="x" onerror="window.${flag}=1">`,
    `<script>window.${flag}=1</script>after a script`,
    `<IMG SRC=x ONERROR=window.${flag}=1>upper`,
    `<img/src=x/onerror=window.${flag}=1>slashes`,
    `<img src="x"onerror="window.${flag}=1">no space`,
    `<img src=x onerror  =  'window.${flag}=1'>spaced`,
    `<a href="javascript:window.${flag}=1">js link</a>`,
    `<a href=" JaVaScRiPt:window.${flag}=1">js mixed case</a>`,
    `<a href="java&#x09;script:window.${flag}=1">js entity</a>`,
    `<a href="data:text/html,&lt;script&gt;window.${flag}=1&lt;/script&gt;">data link</a>`,
    `<a href="vbscript:x">vbscript</a>`,
    `<a href="http://evil.example/">plain http elsewhere</a>`,
    `<a href="https://user:pw@example.org/">credentials</a>`,
    `<a href="https://example.org/ok" target="_blank" rel="opener" onclick="window.${flag}=1">https</a>`,
    `<a href="/local/page">this site</a> and <a href="relative">relative</a>`,
    `<base href="https://evil.example/"><a href="relative">relative after a base</a>`,
    `<p><base href="javascript:window.${flag}=1//">in a paragraph</p><a href="x">x</a>`,
    `<svg onload="window.${flag}=1"><script>window.${flag}=1</script><a href="javascript:1">in svg</a></svg>after svg`,
    `<math><mtext><table><mglyph><style><img src=x onerror="window.${flag}=1"></style></mglyph></table></mtext></math>after math`,
    `<math><mi xlink:href="javascript:1">x</mi></math>math link`,
    `<noscript><p title="</noscript><img src=x onerror=window.${flag}=1>"></noscript>noscript`,
    `<iframe src="javascript:window.${flag}=1"></iframe><object data="x"></object><embed src="x">frames`,
    `<form><button formaction="javascript:window.${flag}=1">button words</button></form>`,
    `<div onclick="window.${flag}=1"><span style="color:red">kept words</span> <u>underlined</u></div>`,
    `<template><img src=x onerror=window.${flag}=1></template>template`,
    `<style>*{color:red}</style><title>a title</title><textarea><b>raw</b></textarea>`,
    `<!-- <img src=x onerror=window.${flag}=1> -->comment`,
    `<b is="x-evil" id="clobber" name="attributes" class="c" data-x="1" aria-label="a">attributes</b>`,
    `<details open ontoggle="window.${flag}=1">details</details>`,
    `<p><b>bold</b> <i>i</i> <em>em</em> <strong>strong</strong><br>line</p><ul><li>one</li></ul><ol><li>two</li></ol>`,
    `&lt;script&gt;escaped&lt;/script&gt; &amp; more`,
    `<img src=x onerror=window.${flag}=1 unterminated`,
  ];
}

/**
 * Mutation-XSS and parser-confusion shapes. Both sanitisers must make them safe, but not always the same
 * tree: the native one unwraps a dropped `<table>` in place (leaving a `<p>` inside a `<p>`), DOMPurify
 * re-parses; and raw-text elements (`<xmp>`, `<textarea>`, `<title>`) hold their markup as words.
 */
export function parserConfusionMarkup(flag: string): readonly string[] {
  return [
    `<svg onload="window.${flag}=1"><script>window.${flag}=1</script></svg>`,
    `<svg></p><style><a id="</style><img src=1 onerror=window.${flag}=1>">`,
    `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=window.${flag}=1&gt;">`,
    `<noscript><p title="</noscript><img src=x onerror=window.${flag}=1>"></noscript>`,
    `<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.${flag}=1>`,
    `<iframe srcdoc="<script>parent.${flag}=1</script>"></iframe>`,
    `<object data="javascript:window.${flag}=1"></object><embed src="javascript:window.${flag}=1">`,
    `<a href="data:text/html,<script>window.${flag}=1</script>">data</a>`,
    `<xmp><img src=x onerror=window.${flag}=1></xmp>`,
    `<textarea><img src=x onerror=window.${flag}=1></textarea>`,
    `<title><img src=x onerror=window.${flag}=1></title>`,
    `<div style="background:url(javascript:1)" data-x="1" onclick="window.${flag}=1">div</div>`,
    `<p><table><tr><td><p>nested</p></td></tr></table></p><a href="https://x.example/"><a href="https://y.example/">a</a></a>`,
  ];
}
