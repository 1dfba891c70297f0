/**
 * Holds a page's first paint until a drawn screen is parsed whole (`<link rel="expect" blocking="render">`,
 * Chromium 124+; other browsers ignore it). A slow phone's parser yields part-way through a long page, and
 * a frame painted then shows the screen half built, which then grows and moves. Chromium lifts the hold
 * when the target's start tag is parsed, so the target is an empty element right after the screen: `link`
 * goes in the head, `end` after the screen's markup.
 */
export function paintHold(id: string): { link: string; end: string } {
  return {
    link: `<link rel="expect" href="#${id}" blocking="render">`,
    end: `<template id="${id}"></template>`,
  };
}
