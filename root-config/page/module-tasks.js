/*
 * One task per System module, inlined by scripts/build.ts into index.html's start script (its
 * MODULE_TASKS placeholder): plain ES5, as it runs before any bundle and is not compiled. A browser test
 * runs it against the real SystemJS (root-config/test/module-tasks.test.ts).
 *
 * SystemJS runs a module graph's bodies back to back once the last file has arrived, which on a slow CPU
 * is a task of hundreds of ms (react-dom's body, the api's schemas, the app) that a keystroke has to wait
 * behind. Each body now starts in a new task (scheduler.yield where the browser has it, else a
 * MessageChannel message), so input is handled between them; SystemJS awaits an execute that returns a
 * promise, as it does for top-level await.
 *
 * That makes every module asynchronous, and SystemJS 6 has a gap there: while a module's dependencies are
 * still running, the module counts as started but has no promise of its own yet, so a second
 * `System.import` of it resolves at once with its exports still empty (seen in CI: the boot read
 * '@atrium/session exports no session store' while the shell's graph was running it). So each module's
 * end is recorded from the moment it is declared, and `System.import` waits for the end of the module it
 * returns.
 */
function nextTask() {
  if (window.scheduler && window.scheduler.yield) return window.scheduler.yield();
  return new Promise(function (resolve) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by index.html's start script
function runModulesInTasks(loader) {
  // By module URL: settled once that module's body has run (rejected if it threw); forgotten then. A module
  // whose dependency threw never runs, and its entry stays: the import that ran the graph reports that.
  var bodiesToRun = {};
  var register = loader.register;
  loader.register = function (deps, declare, metas) {
    if (typeof declare !== 'function') return register.apply(this, arguments);
    // Two parameters, as SystemJS passes the context (import.meta, the module's own import) only to a
    // declare function that takes two.
    function declareInTasks(_export, _context) {
      var declared = declare.call(this, _export, _context);
      var execute = declared && declared.execute;
      if (!execute) return declared;
      var url = _context && _context.meta && _context.meta.url;
      // Follows the body once it starts (resolving to it settles as it does).
      var startBody;
      var ended = new Promise(function (resolve) {
        startBody = resolve;
      });
      // Its failure is SystemJS's to report; this copy is only read by a waiting import.
      ended.catch(function () {});
      if (url) bodiesToRun[url] = ended;
      function forget() {
        if (bodiesToRun[url] === ended) delete bodiesToRun[url];
      }
      declared.execute = function () {
        var running = nextTask().then(execute.bind(this));
        startBody(running);
        running.then(forget, forget);
        return running;
      };
      return declared;
    }
    return register.call(this, deps, declareInTasks, metas);
  };
  var importModule = loader.import;
  loader.import = function (id, parentUrl) {
    return importModule.apply(loader, arguments).then(function (exports) {
      // The import has resolved this id already, so this cannot throw.
      var ended = bodiesToRun[loader.resolve(id, typeof parentUrl === 'string' ? parentUrl : undefined)];
      return ended
        ? ended.then(function () {
            return exports;
          })
        : exports;
    });
  };
}
