/* The lineage explorer's page (docs/explorer.md). Data: the JSON in #lw-data, written by scripts/explorer.py.
   Traversal as docs/rules.md "Lineage: Traversal" (the lineage_traverse macro): depth counts hops of the bipartite
   graph at JOB / RUN / OPERATION grain and dataset hops at DATASET grain; BOTH runs the two directions as separate
   branches; a node reached is not expanded again; a dataset brings its symlinked twins at no cost. Layout: dagre. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("lw-data").textContent);
  var api = window.lineageExplorer = { data: D, firstRenderMs: null, rendered: null };
  var MAX_DRAWN = 400;
  var GRAINS = ["JOB", "DATASET", "RUN", "OPERATION"];
  var DIRECTIONS = ["UPSTREAM", "DOWNSTREAM", "BOTH"];
  var KIND_NAMES = { D: "DATASET", J: "JOB", R: "RUN", O: "OPERATION" };
  var KIND_LETTER = { dataset: "D", job: "J", run: "R", operation: "O" };
  var OUTPUT_TYPES = ["UNKNOWN", "CREATE", "ALTER", "RENAME", "APPEND", "OVERWRITE", "DROP", "TRUNCATE"];
  var STATUS_STYLE = {
    SUCCEEDED: ["#d8f3dc", "#2d6a4f"], FAILED: ["#ffd6d6", "#c1121f"], KILLED: ["#ffe5cc", "#c2410c"],
    STARTED: ["#dbeafe", "#1d4ed8"], RUNNING: ["#dbeafe", "#1d4ed8"], UNKNOWN: ["#eceff1", "#7b8794"]
  };
  var $ = function (id) { return document.getElementById(id); };

  // ---- small helpers --------------------------------------------------------------------------------------------
  function esc(text) {
    return String(text == null ? "" : text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function pad(n) { return n < 10 ? "0" + n : "" + n; }
  function fmtTime(s) {
    if (s == null) return "";
    var d = new Date(s * 1000);
    return d.getUTCFullYear() + "-" + pad(d.getUTCMonth() + 1) + "-" + pad(d.getUTCDate()) + " " +
      pad(d.getUTCHours()) + ":" + pad(d.getUTCMinutes()) + ":" + pad(d.getUTCSeconds());
  }
  function fmtDuration(a, b) {
    if (a == null || b == null) return "";
    var s = Math.max(0, b - a), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return (h ? h + " h " : "") + (h || m ? m + " min " : "") + r + " s";
  }
  function parseTime(text) {
    text = (text || "").trim();
    if (!text) return null;
    var m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
    if (!m) return undefined;
    return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] || 0), +(m[5] || 0), +(m[6] || 0)) / 1000;
  }
  function outputTypes(mask) {
    if (mask == null) return "";
    var names = [];
    for (var i = 1; i < OUTPUT_TYPES.length; i++) if (mask & (1 << i)) names.push(OUTPUT_TYPES[i]);
    return names.join(",");
  }
  function str(i) { return i < 0 ? null : D.strings[i]; }

  // ---- entities -------------------------------------------------------------------------------------------------
  function locationNamespace(loc) {
    var l = D.locations[loc];
    if (!l) return "";
    if (l[0] === "unknown") return l[1];
    var canonical = l[0] + "://" + l[1];
    return l[2].indexOf(canonical) >= 0 || !l[2].length ? canonical : l[2][0];
  }
  function locationNames(loc) {
    var l = D.locations[loc], names = {};
    if (!l) return [];
    names[l[1]] = 1; names[l[0] + "://" + l[1]] = 1; names[locationNamespace(loc)] = 1;
    l[2].forEach(function (url) { names[url] = 1; });
    return Object.keys(names);
  }
  function nodeName(key) {
    var k = key[0], i = +key.slice(2);
    if (k === "D") return D.datasets[i][1];
    if (k === "J") return D.jobs[i][1];
    if (k === "R") { var r = D.runs[i]; return (r[1] >= 0 ? D.jobs[r[1]][1] : "run") + " @ " + fmtTime(r[3]); }
    var o = D.operations[i]; return o[2] || ("operation " + o[0]);
  }
  function nodeNamespace(key) {
    var k = key[0], i = +key.slice(2);
    if (k === "D") return locationNamespace(D.datasets[i][2]);
    if (k === "J") return locationNamespace(D.jobs[i][2]);
    var job = k === "R" ? D.runs[i][1] : D.runs[D.operations[i][1]][1];
    return job >= 0 ? locationNamespace(D.jobs[job][2]) : "";
  }
  function nodeId(key) {
    var k = key[0], i = +key.slice(2);
    return (k === "D" ? D.datasets : k === "J" ? D.jobs : k === "R" ? D.runs : D.operations)[i][0];
  }
  function datasetFlags(i) {
    var d = D.datasets[i], flags = [];
    if (d[5] > 0) flags.push("FAILED_CHECKS");
    if (d[4]) flags.push("FAILED_UPSTREAM");
    if (d[6]) flags.push("CHECK_FAILED_UPSTREAM");
    return flags;
  }
  function nodeStatus(key) {
    var k = key[0], i = +key.slice(2);
    if (k === "D") { var f = datasetFlags(i); return f.length ? f.join(",") : "OK"; }
    if (k === "J") return D.jobs[i][5] || "UNKNOWN";
    if (k === "R") return D.runs[i][2] || "UNKNOWN";
    return D.operations[i][4] || "UNKNOWN";
  }
  function address(key) {
    var k = key[0];
    if (k === "D" || k === "J") return KIND_NAMES[k].toLowerCase() + ":" + nodeNamespace(key) + "/" + nodeName(key);
    return KIND_NAMES[k].toLowerCase() + ":" + nodeId(key);
  }

  // ---- symlinks: twins and groups -------------------------------------------------------------------------------
  var twins = {};
  D.symlinks.forEach(function (s) {
    (twins[s[0]] = twins[s[0]] || []).push(s[1]);
    (twins[s[1]] = twins[s[1]] || []).push(s[0]);
  });
  var groupOf = null;
  function symlinkGroups() {  // one representative per connected group: the member with the most JOB edges
    if (groupOf) return groupOf;
    var parent = {}, degree = {};
    function find(x) { while (parent[x] !== undefined && parent[x] !== x) x = parent[x]; return x; }
    D.symlinks.forEach(function (s) {
      [s[0], s[1]].forEach(function (x) { if (parent[x] === undefined) parent[x] = x; });
      var a = find(s[0]), b = find(s[1]); if (a !== b) parent[a] = b;
    });
    D.edges_job.forEach(function (e) { degree[e[0]] = (degree[e[0]] || 0) + 1; });
    var best = {};
    Object.keys(parent).forEach(function (x) {
      x = +x; var root = find(x), cur = best[root];
      var better = cur === undefined || (degree[x] || 0) > (degree[cur] || 0) ||
        ((degree[x] || 0) === (degree[cur] || 0) && D.datasets[x][1] < D.datasets[cur][1]);
      if (better) best[root] = x;
    });
    groupOf = {};
    Object.keys(parent).forEach(function (x) { groupOf[x] = best[find(+x)]; });
    return groupOf;
  }

  // ---- adjacency per grain (built when first asked for) ---------------------------------------------------------
  var adjacency = {};
  function graphOf(grain) {
    if (adjacency[grain]) return adjacency[grain];
    var g = { down: {}, up: {} };
    function add(map, from, item) { (map[from] = map[from] || []).push(item); }
    if (grain === "DATASET") {
      D.edges_dataset.forEach(function (e, n) {
        var edge = { from: "D:" + e[0], to: "D:" + e[1], kind: "DATASET", mask: e[2], first: e[3], last: e[4], n: n };
        add(g.down, edge.from, [edge.to, edge]); add(g.up, edge.to, [edge.from, edge]);
      });
    } else {
      var letter = grain[0], rows = D["edges_" + grain.toLowerCase()];
      rows.forEach(function (e, n) {
        var ds = "D:" + e[0], proc = letter + ":" + e[1], edge;
        if (e[2] === 0) {
          edge = { from: ds, to: proc, kind: "INPUT", mask: null, first: e[4], last: e[5], n: n };
          add(g.down, ds, [proc, edge]); add(g.up, proc, [ds, edge]);
        } else {
          edge = { from: proc, to: ds, kind: "OUTPUT", mask: e[3], first: e[4], last: e[5], n: n };
          add(g.down, proc, [ds, edge]); add(g.up, ds, [proc, edge]);
        }
      });
    }
    adjacency[grain] = g;
    return g;
  }

  function inWindow(edge, since, until) {
    return (since == null || edge.last == null || edge.last >= since) &&
      (until == null || edge.first == null || edge.first <= until);
  }

  function traverse(start, grain, direction, depth, since, until) {
    var g = graphOf(grain), nodes = {}, edges = {};
    var branches = direction === "BOTH" ? ["down", "up"] : [direction === "UPSTREAM" ? "up" : "down"];
    branches.forEach(function (branch) {
      var reached = {}, frontier = [start], map = g[branch];
      reached[start] = 0;
      function reach(key, level, next) {
        if (reached[key] !== undefined) return;
        reached[key] = level; next.push(key);
      }
      if (start[0] === "D") (twins[+start.slice(2)] || []).forEach(function (t) { reach("D:" + t, 0, frontier); });
      for (var level = 1; level <= depth && frontier.length; level++) {
        var next = [];
        frontier.forEach(function (key) {
          (map[key] || []).forEach(function (pair) {
            var edge = pair[1];
            if (!inWindow(edge, since, until)) return;
            edges[edge.kind + "|" + edge.from + "|" + edge.to] = edge;
            reach(pair[0], level, next);
            if (pair[0][0] === "D") (twins[+pair[0].slice(2)] || []).forEach(function (t) { reach("D:" + t, level, next); });
          });
        });
        frontier = next;
      }
      Object.keys(reached).forEach(function (key) {
        if (nodes[key] === undefined || reached[key] < nodes[key]) nodes[key] = reached[key];
      });
    });
    Object.keys(nodes).forEach(function (key) {  // both ends of a symlink of a reached dataset are reached
      if (key[0] !== "D") return;
      var i = +key.slice(2);
      (twins[i] || []).forEach(function (t) {
        var a = Math.min(i, t), b = Math.max(i, t);
        edges["SYMLINK|D:" + a + "|D:" + b] = { from: "D:" + a, to: "D:" + b, kind: "SYMLINK", mask: null };
      });
    });
    return { nodes: nodes, edges: Object.keys(edges).sort().map(function (k) { return edges[k]; }) };
  }

  function mergeSymlinks(view) {
    var groups = symlinkGroups(), nodes = {}, edges = {};
    function rep(key) { return key[0] === "D" && groups[key.slice(2)] !== undefined ? "D:" + groups[key.slice(2)] : key; }
    Object.keys(view.nodes).forEach(function (key) {
      var r = rep(key);
      if (nodes[r] === undefined || view.nodes[key] < nodes[r]) nodes[r] = view.nodes[key];
    });
    view.edges.forEach(function (e) {
      if (e.kind === "SYMLINK") return;
      var from = rep(e.from), to = rep(e.to);
      if (from === to) return;
      var k = e.kind + "|" + from + "|" + to, seen = edges[k];
      edges[k] = { from: from, to: to, kind: e.kind, mask: seen ? (seen.mask | e.mask) : e.mask };
    });
    return { nodes: nodes, edges: Object.keys(edges).sort().map(function (k) { return edges[k]; }) };
  }

  // ---- the view in the URL fragment -----------------------------------------------------------------------------
  function readFragment() {
    var view = {}, text = location.hash.replace(/^#/, "");
    text.split("&").forEach(function (part) {
      if (!part) return;
      var at = part.indexOf("="), name = at < 0 ? part : part.slice(0, at), value = at < 0 ? "" : part.slice(at + 1);
      try { value = decodeURIComponent(value.replace(/\+/g, "%20")); } catch (e) { /* kept as written */ }
      view[name] = value;
    });
    return view;
  }
  function writeFragment(view) {
    var parts = [];
    ["node", "granularity", "direction", "depth", "since", "until", "symlinks"].forEach(function (name) {
      if (view[name] !== undefined && view[name] !== null && view[name] !== "")
        parts.push(name + "=" + encodeURIComponent(view[name]).replace(/%2F/g, "/").replace(/%3A/g, ":"));
    });
    var hash = "#" + parts.join("&");
    if (location.hash !== hash) location.hash = hash; else render();
  }

  var addressIndex = null;
  function buildAddressIndex() {
    addressIndex = {};
    function add(text, key) {
      (addressIndex[text] = addressIndex[text] || []).push(key);
      var lower = "~" + text.toLowerCase();
      (addressIndex[lower] = addressIndex[lower] || []).push(key);
    }
    D.datasets.forEach(function (d, i) {
      locationNames(d[2]).forEach(function (ns) { add("dataset:" + ns + "/" + d[1], "D:" + i); });
    });
    D.jobs.forEach(function (j, i) {
      locationNames(j[2]).forEach(function (ns) { add("job:" + ns + "/" + j[1], "J:" + i); });
    });
    D.runs.forEach(function (r, i) { add("run:" + r[0], "R:" + i); });
    D.operations.forEach(function (o, i) { add("operation:" + o[0], "O:" + i); });
  }
  function resolve(text) {
    if (!addressIndex) buildAddressIndex();
    var found = addressIndex[text] || addressIndex["~" + text.toLowerCase()] || [];
    var unique = found.filter(function (k, i) { return found.indexOf(k) === i; });
    return unique;
  }

  function levenshtein(a, b) {
    if (a === b) return 0;
    var prev = [], cur, i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      cur = [i];
      for (j = 1; j <= b.length; j++)
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
    return prev[b.length];
  }
  function suggestions(text) {
    var rest = text.replace(/^(dataset|job|run|operation):/i, "").toLowerCase(), tails = [rest];
    for (var at = rest.indexOf("/"); at >= 0; at = rest.indexOf("/", at + 1)) if (at + 1 < rest.length) tails.push(rest.slice(at + 1));
    var scored = [];
    function score(key, name, ns) {
      var lname = name.toLowerCase(), full = (ns + "/" + name).toLowerCase(), best = Infinity;
      tails.forEach(function (t) {
        var s = lname.indexOf(t) >= 0 || t.indexOf(lname) >= 0 ? Math.abs(lname.length - t.length) / 100 : levenshtein(lname, t);
        if (full.indexOf(t) >= 0) s = Math.min(s, 0.5);
        best = Math.min(best, s);
      });
      scored.push([best, name, key]);
    }
    D.datasets.forEach(function (d, i) { score("D:" + i, d[1], locationNamespace(d[2])); });
    D.jobs.forEach(function (j, i) { score("J:" + i, j[1], locationNamespace(j[2])); });
    scored.sort(function (a, b) { return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0); });
    return scored.slice(0, 5).map(function (s) { return s[2]; });
  }

  function defaultStart() {  // the dataset with the most direct neighbours
    var best = -1, bestScore = -1;
    D.datasets.forEach(function (d, i) {
      var s = (d[13] || 0) + (d[14] || 0);
      if (s > bestScore) { best = i; bestScore = s; }
    });
    return best >= 0 ? "D:" + best : (D.jobs.length ? "J:0" : null);
  }

  // ---- drawing --------------------------------------------------------------------------------------------------
  var measure = document.createElement("canvas").getContext("2d");
  function textWidth(text, size) { measure.font = size + "px system-ui, sans-serif"; return measure.measureText(text).width; }
  function clip(text, n) { return text.length > n ? text.slice(0, n - 1) + "…" : text; }
  var SVGNS = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    Object.keys(attrs).forEach(function (a) { e.setAttribute(a, attrs[a]); });
    if (parent) parent.appendChild(e);
    return e;
  }
  function nodeStyle(key) {
    var k = key[0];
    if (k === "D") {
      var i = +key.slice(2), d = D.datasets[i];
      return { fill: "#ffffff", stroke: d[4] ? "#c1121f" : d[6] ? "#d97706" : "#52606d", dash: d[6] && !d[4] ? "5 3" : "",
        width: d[4] ? 2.2 : 1.2, badge: d[5] > 0 ? "✗ " + d[5] : (d[4] ? "!" : "") };
    }
    var st = STATUS_STYLE[nodeStatus(key)] || STATUS_STYLE.UNKNOWN;
    return { fill: st[0], stroke: st[1], dash: "", width: 1.4, badge: "" };
  }

  var current = { view: null, selected: null, start: null };
  var transform = { x: 0, y: 0, k: 1 }, graphSize = { w: 0, h: 0 };
  function applyTransform() {
    $("viewport").setAttribute("transform", "translate(" + transform.x + "," + transform.y + ") scale(" + transform.k + ")");
  }
  function fit() {
    var svg = $("graph"), w = svg.clientWidth || 800, h = svg.clientHeight || 500;
    if (!graphSize.w || !graphSize.h) { transform = { x: 0, y: 0, k: 1 }; applyTransform(); return; }
    var k = Math.min(1.4, (w - 20) / graphSize.w, (h - 20) / graphSize.h);
    transform = { k: k, x: (w - graphSize.w * k) / 2, y: (h - graphSize.h * k) / 2 };
    applyTransform();
  }

  function draw(view, start) {
    var vp = $("viewport");
    while (vp.firstChild) vp.removeChild(vp.firstChild);
    var keys = Object.keys(view.nodes);
    graphSize = { w: 0, h: 0 };
    if (!keys.length) { fit(); return; }
    if (keys.length > MAX_DRAWN) {
      showMessage(keys.length + " nodes: more than the " + MAX_DRAWN + " the graph draws. Lower the depth or narrow the " +
        "time window; the tables below list them all.");
      return;
    }
    var g = new dagre.graphlib.Graph();
    g.setGraph({ rankdir: "LR", nodesep: 14, ranksep: 56, edgesep: 8, marginx: 16, marginy: 16 });
    g.setDefaultEdgeLabel(function () { return {}; });
    keys.forEach(function (key) {
      var name = clip(nodeName(key), 42), ns = clip(nodeNamespace(key), 48);
      var w = Math.max(textWidth(name, 12), textWidth(ns, 10)) + 28;
      g.setNode(key, { width: Math.max(90, w), height: 44 });
    });
    view.edges.forEach(function (e) { if (g.hasNode(e.from) && g.hasNode(e.to)) g.setEdge(e.from, e.to, { e: e }); });
    dagre.layout(g);
    var gg = g.graph();
    graphSize = { w: isFinite(gg.width) ? gg.width : 0, h: isFinite(gg.height) ? gg.height : 0 };
    var edgeLayer = el("g", { "class": "edges" }, vp), nodeLayer = el("g", { "class": "nodes" }, vp);
    g.edges().forEach(function (ref) {
      var edge = g.edge(ref), pts = edge.points || [];
      if (!pts.length) return;
      var d = "M" + pts[0].x + "," + pts[0].y;
      for (var i = 1; i < pts.length; i++) d += " L" + pts[i].x + "," + pts[i].y;
      var sym = edge.e.kind === "SYMLINK";
      var attrs = { d: d, "class": "edge" + (sym ? " symlink" : ""), "data-kind": edge.e.kind };
      if (!sym) attrs["marker-end"] = "url(#arrow)";
      el("path", attrs, edgeLayer);
    });
    keys.forEach(function (key) {
      var n = g.node(key), st = nodeStyle(key), k = key[0];
      var node = el("g", { "class": "node" + (key === start ? " start" : "") + (key === current.selected ? " selected" : ""),
        "data-key": key, "data-status": nodeStatus(key), transform: "translate(" + (n.x - n.width / 2) + "," + (n.y - n.height / 2) + ")",
        tabindex: "0", role: "button", "aria-label": KIND_NAMES[k] + " " + nodeName(key) }, nodeLayer);
      var rx = k === "D" ? 3 : 16;
      var body = el("rect", { "class": "body", width: n.width, height: n.height, rx: rx, ry: rx, fill: st.fill,
        stroke: st.stroke, "stroke-width": st.width }, node);
      if (st.dash) body.setAttribute("stroke-dasharray", st.dash);
      el("text", { x: 12, y: 11, "class": "kind" }, node).textContent = KIND_NAMES[k];
      el("text", { x: 12, y: 25 }, node).textContent = clip(nodeName(key), 42);
      el("text", { x: 12, y: 38, "class": "ns" }, node).textContent = clip(nodeNamespace(key), 48);
      if (st.badge) {
        var bw = textWidth(st.badge, 10) + 10;
        el("rect", { x: n.width - bw - 4, y: -7, width: bw, height: 14, rx: 7, fill: st.badge === "!" ? "#c1121f" : "#d97706" }, node);
        var t = el("text", { x: n.width - bw / 2 - 4, y: 3, "text-anchor": "middle", "class": "badge" }, node);
        t.textContent = st.badge; t.setAttribute("style", "fill:#fff;font-size:10px;font-weight:700");
      }
    });
    fit();
  }

  function drawLegend() {
    var items = [["SUCCEEDED", "run or job (last run) succeeded"], ["FAILED", "failed"], ["RUNNING", "running or started"],
      ["KILLED", "killed"], ["UNKNOWN", "no status"]];
    var html = "";
    items.forEach(function (it) {
      var s = STATUS_STYLE[it[0]];
      html += '<div><svg width="22" height="12"><rect x="1" y="1" width="20" height="10" rx="5" fill="' + s[0] +
        '" stroke="' + s[1] + '"/></svg>' + esc(it[1]) + "</div>";
    });
    html += '<div><svg width="22" height="12"><rect x="1" y="1" width="20" height="10" fill="#fff" stroke="#52606d"/></svg>dataset</div>' +
      '<div><svg width="22" height="12"><rect x="1" y="1" width="20" height="10" fill="#fff" stroke="#c1121f" stroke-width="2"/></svg>dataset: an upstream writer failed (!)</div>' +
      '<div><svg width="22" height="12"><rect x="1" y="1" width="20" height="10" rx="5" fill="#d97706"/></svg>dataset: quality checks failed (✗ n)</div>' +
      '<div><svg width="22" height="12"><rect x="1" y="1" width="20" height="10" fill="#fff" stroke="#d97706" stroke-dasharray="4 2"/></svg>dataset: a check failed upstream</div>' +
      '<div><svg width="22" height="12"><path d="M1,6 L21,6" stroke="#8e7cc3" stroke-dasharray="4 3"/></svg>symlink (same data, another name)</div>';
    $("legend").innerHTML = html;
  }

  // ---- the text view --------------------------------------------------------------------------------------------
  function fillTables(view) {
    var keys = Object.keys(view.nodes).sort(function (a, b) {
      return view.nodes[a] - view.nodes[b] || (nodeName(a) < nodeName(b) ? -1 : nodeName(a) > nodeName(b) ? 1 : 0);
    });
    $("shown-nodes").tBodies[0].innerHTML = keys.map(function (key) {
      return '<tr data-key="' + esc(KIND_NAMES[key[0]] + ":" + nodeId(key)) + '"><td>' + esc(nodeName(key)) + "</td><td>" +
        esc(nodeNamespace(key)) + "</td><td>" + KIND_NAMES[key[0]] + "</td><td>" + esc(nodeStatus(key)) + "</td><td>" +
        view.nodes[key] + "</td></tr>";
    }).join("");
    $("shown-edges").tBodies[0].innerHTML = view.edges.map(function (e) {
      return '<tr data-from="' + esc(KIND_NAMES[e.from[0]] + ":" + nodeId(e.from)) + '" data-to="' +
        esc(KIND_NAMES[e.to[0]] + ":" + nodeId(e.to)) + '" data-kind="' + e.kind + '"><td>' + esc(nodeName(e.from)) +
        "</td><td>" + esc(nodeName(e.to)) + "</td><td>" + e.kind + "</td><td>" + esc(outputTypes(e.mask)) + "</td></tr>";
    }).join("");
  }

  // ---- details --------------------------------------------------------------------------------------------------
  function link(key, text) {
    return '<button type="button" class="link" data-go="' + esc(key) + '">' + esc(text || nodeName(key)) + "</button>";
  }
  function rowsTable(head, rows) {
    if (!rows.length) return '<p class="hint">none</p>';
    return "<table><thead><tr>" + head.map(function (h) { return "<th>" + esc(h) + "</th>"; }).join("") +
      "</tr></thead><tbody>" + rows.map(function (r) { return "<tr>" + r.map(function (c) { return "<td>" + c + "</td>"; }).join("") + "</tr>"; }).join("") +
      "</tbody></table>";
  }
  function statusSpan(s) { return '<span class="status status-' + esc(s || "UNKNOWN") + '">' + esc(s || "UNKNOWN") + "</span>"; }
  function kv(pairs) {
    return "<table>" + pairs.filter(function (p) { return p[1] !== "" && p[1] != null; }).map(function (p) {
      return "<tr><th>" + esc(p[0]) + "</th><td>" + p[1] + "</td></tr>";
    }).join("") + "</table>";
  }
  function urlLink(url) {
    return /^https?:\/\//i.test(url || "") ? '<a class="link" href="' + esc(url) + '" target="_blank" rel="noopener">' + esc(url) + "</a>" : esc(url);
  }

  function datasetColumns(i) {
    var names = [], seen = {};
    var d = D.datasets[i], fields = d[3] >= 0 ? D.schemas[d[3]] : [];
    fields.forEach(function (f) { if (!seen[f.name]) { seen[f.name] = 1; names.push(f.name); } });
    D.column_closure.forEach(function (c) {
      [[c[0], c[1]], [c[2], c[3]]].forEach(function (p) {
        var n = str(p[1]); if (p[0] === i && n != null && !seen[n]) { seen[n] = 1; names.push(n); }
      });
    });
    return names;
  }
  function columnLineage(i, column) {
    var sources = [], targets = [];
    D.column_closure.forEach(function (c) {
      if (c[0] === i && str(c[1]) === column) targets.push(c);
      if (c[2] === i && (str(c[3]) === column || c[3] < 0)) sources.push(c);
    });
    function row(ds, col, c) {
      return [link("D:" + ds), esc(col == null ? "(the whole dataset)" : col), esc(c[4]),
        c[5] === 1 ? "direct" : c[5] + " hops"];
    }
    sources.sort(function (a, b) { return a[5] - b[5]; }); targets.sort(function (a, b) { return a[5] - b[5]; });
    return '<div id="column-lineage"><h3>Column lineage of ' + esc(column) + "</h3><h4>Sources (upstream)</h4>" +
      rowsTable(["dataset", "column", "kind", "hops"], sources.map(function (c) { return row(c[0], str(c[1]), c); })) +
      "<h4>Targets (downstream)</h4>" +
      rowsTable(["dataset", "column", "kind", "hops"], targets.map(function (c) { return row(c[2], str(c[3]), c); })) +
      '<p class="hint">From column_lineage_closure: DIRECT paths, or DIRECT then one INDIRECT hop (the whole target ' +
      "dataset). Sources of an INDIRECT kind affect the whole of this dataset.</p></div>";
  }

  function datasetDetails(i, column) {
    var d = D.datasets[i], x = D.dataset_details[i] || {}, key = "D:" + i;
    var fields = d[3] >= 0 ? D.schemas[d[3]] : [];
    var html = '<span class="kind-tag">dataset</span><h2>' + esc(d[1]) + '</h2><div class="where">' + esc(locationNamespace(d[2])) + "</div>";
    html += kv([["status", esc(nodeStatus(key))],
      ["last written", d[7] != null ? esc(fmtTime(d[7])) + (d[8] >= 0 ? " by " + link("J:" + d[8]) : "") + (d[10] ? " " + statusSpan(d[10]) : "") : "never (read only)"],
      ["last read", esc(fmtTime(d[11]))], ["schema", esc(d[12] || "")],
      ["upstream / downstream", esc((d[13] || 0) + " / " + (d[14] || 0))],
      ["aliases", (twins[i] || []).map(function (t) { return link("D:" + t, locationNamespace(D.datasets[t][2]) + "/" + D.datasets[t][1]); }).join("<br>")]]);
    var columns = datasetColumns(i), types = {};
    fields.forEach(function (f) { types[f.name] = f.type; });
    html += "<h3>Schema (latest)</h3>" + rowsTable(["column", "type", "description"], columns.map(function (c) {
      var f = fields.filter(function (ff) { return ff.name === c; })[0] || {};
      return ['<button type="button" class="link" data-column="' + esc(c) + '">' + esc(c) + "</button>", esc(types[c] || ""), esc(f.description || "")];
    }));
    if (column != null) html += columnLineage(i, column);
    html += "<h3>Owners</h3>" + rowsTable(["owner", "type"], (x.owners || []).map(function (o) { return [esc(o[0]), esc(o[1] || "")]; }));
    html += "<h3>Tags</h3>" + rowsTable(["tag", "value"], (x.tags || []).map(function (t) { return [esc(t[0]), esc(t[1])]; }));
    html += "<h3>Facets</h3>" + (x.facets ? kv(Object.keys(x.facets).map(function (k) { return [k.replace(/_/g, " "), esc(x.facets[k])]; })) : '<p class="hint">none</p>');
    html += "<h3>Quality checks (latest run)</h3>" + rowsTable(["check", "column", "result", "at"], (x.checks || []).map(function (c) {
      return [esc(c[0]), esc(c[1] || ""), c[2] === false ? statusSpan("FAILED") : c[2] === true ? statusSpan("SUCCEEDED") : "", esc(fmtTime(c[4]))];
    }));
    return html;
  }

  function runsOfJob(j) {
    var out = [];
    D.runs.forEach(function (r, i) { if (r[1] === j) out.push(i); });
    return out.sort(function (a, b) { return D.runs[b][3] - D.runs[a][3]; }).slice(0, 10);
  }
  function runLinks(r) {
    var links = [];
    if (r[11]) links.push(urlLink(r[11]));
    if (r[12]) links.push(urlLink(r[12]));
    if (r[10]) links.push("external id " + esc(r[10]));
    return links.join("<br>");
  }
  function jobDetails(j) {
    var job = D.jobs[j], x = D.job_details[j] || {}, f = x.facets || {};
    var html = '<span class="kind-tag">job</span><h2>' + esc(job[1]) + '</h2><div class="where">' + esc(locationNamespace(job[2])) + "</div>";
    html += kv([["type", esc(job[3] || "")], ["location", esc(locationNamespace(job[2]))],
      ["parent job", job[4] >= 0 ? link("J:" + job[4]) : ""], ["last status", job[5] ? statusSpan(job[5]) : ""],
      ["description", esc(f.description || "")], ["source code", urlLink(f.source_code_url || f.repo_url || "")]]);
    var deps = D.job_dependencies.filter(function (e) { return e[1] === j || e[2] === j; });
    html += "<h3>Dependencies</h3>" + rowsTable(["from", "to", "kind"], deps.map(function (e) {
      return [link("J:" + e[1]), link("J:" + e[2]), esc(e[0] + (e[3] ? " " + e[3] : ""))];
    }));
    html += "<h3>Recent runs</h3>" + rowsTable(["status", "started", "duration", "user", "links"], runsOfJob(j).map(function (i) {
      var r = D.runs[i];
      return [statusSpan(r[2]), link("R:" + i, fmtTime(r[4] != null ? r[4] : r[3])), esc(fmtDuration(r[4], r[5])), esc(r[7] || ""), runLinks(r)];
    }));
    html += "<h3>Owners</h3>" + rowsTable(["owner", "type"], (x.owners || []).map(function (o) { return [esc(o[0]), esc(o[1] || "")]; }));
    if (x.tags) html += "<h3>Tags</h3>" + rowsTable(["tag", "value"], x.tags.map(function (t) { return [esc(t[0]), esc(t[1])]; }));
    return html;
  }
  function runDetails(i) {
    var r = D.runs[i], parent = r[6];
    var html = '<span class="kind-tag">run</span><h2>' + esc(nodeName("R:" + i)) + '</h2><div class="where">' + esc(r[0]) + "</div>";
    html += kv([["job", r[1] >= 0 ? link("J:" + r[1]) : ""], ["status", statusSpan(r[2])], ["created", esc(fmtTime(r[3]))],
      ["started", esc(fmtTime(r[4]))], ["ended", esc(fmtTime(r[5]))], ["duration", esc(fmtDuration(r[4], r[5]))],
      ["parent run", typeof parent === "number" ? link("R:" + parent) : esc(parent || "")], ["user", esc(r[7] || "")],
      ["start reason", esc(r[8] || "")], ["end reason", esc(r[9] || "")], ["attempt", esc(r[13] || "")], ["links", runLinks(r)]]);
    var ops = [];
    D.operations.forEach(function (o, n) { if (o[1] === i) ops.push(n); });
    ops.sort(function (a, b) { return (D.operations[a][7] || 0) - (D.operations[b][7] || 0); });
    html += "<h3>Operations</h3>" + rowsTable(["operation", "type", "status", "started", "duration"], ops.map(function (n) {
      var o = D.operations[n];
      return [link("O:" + n), esc(o[3] || ""), statusSpan(o[4]), esc(fmtTime(o[5])), esc(fmtDuration(o[5], o[6]))];
    }));
    if (!r[14]) html += '<p class="hint">This run is older than the RUN/OPERATION window: its operations are not in the file.</p>';
    return html;
  }
  function operationDetails(n) {
    var o = D.operations[n];
    var html = '<span class="kind-tag">operation</span><h2>' + esc(o[2] || o[0]) + '</h2><div class="where">' + esc(o[0]) + "</div>";
    html += kv([["run", link("R:" + o[1])], ["type", esc(o[3] || "")], ["status", statusSpan(o[4])], ["started", esc(fmtTime(o[5]))],
      ["ended", esc(fmtTime(o[6]))], ["duration", esc(fmtDuration(o[5], o[6]))], ["position", esc(o[7] == null ? "" : o[7])]]);
    if (o[8]) html += "<h3>SQL</h3><pre>" + esc(o[8]) + "</pre>";
    return html;
  }
  function showDetails(key, column) {
    current.selected = key;
    var k = key[0], i = +key.slice(2), html;
    html = k === "D" ? datasetDetails(i, column) : k === "J" ? jobDetails(i) : k === "R" ? runDetails(i) : operationDetails(i);
    html += '<p><button type="button" class="link" data-explore="' + esc(key) + '">Explore the lineage from here</button><br>' +
      '<span class="hint">Link: #node=' + esc(address(key)) + "</span></p>";
    $("details").innerHTML = html;
    Array.prototype.forEach.call(document.querySelectorAll("#viewport .node"), function (n) {
      n.classList.toggle("selected", n.getAttribute("data-key") === key);
    });
  }

  // ---- messages, search -----------------------------------------------------------------------------------------
  function showMessage(html) { var m = $("message"); m.innerHTML = html; m.hidden = false; }
  function clearMessage() { var m = $("message"); m.innerHTML = ""; m.hidden = true; }

  var searchItems = null;
  function search(text) {
    if (!searchItems) {
      searchItems = [];
      D.datasets.forEach(function (d, i) {
        searchItems.push(["D:" + i, (d[1] + " " + locationNames(d[2]).join(" ")).toLowerCase()]);
      });
      D.jobs.forEach(function (j, i) { searchItems.push(["J:" + i, (j[1] + " " + locationNames(j[2]).join(" ")).toLowerCase()]); });
    }
    var q = text.trim().toLowerCase();
    if (!q) return [];
    var hits = searchItems.filter(function (it) { return it[1].indexOf(q) >= 0; }).map(function (it) { return it[0]; });
    hits.sort(function (a, b) {
      var an = nodeName(a).toLowerCase(), bn = nodeName(b).toLowerCase();
      return (an.indexOf(q) < 0) - (bn.indexOf(q) < 0) || an.length - bn.length || (an < bn ? -1 : an > bn ? 1 : 0);
    });
    return hits.slice(0, 50);
  }
  function showResults(keys) {
    var ul = $("search-results");
    ul.innerHTML = keys.map(function (key) {
      return '<li role="option" data-key="' + key + '"><span class="kind">' + KIND_NAMES[key[0]].toLowerCase() +
        '</span> <span class="name">' + esc(nodeName(key)) + '</span><span class="where">' + esc(nodeNamespace(key)) +
        "</span></li>";
    }).join("") || '<li class="none">no dataset or job matches</li>';
    ul.hidden = false;
  }
  function go(key) {
    var view = readFragment(), grain = view.granularity || "DATASET";
    var wanted = { J: "JOB", R: "RUN", O: "OPERATION" }[key[0]];
    if (wanted && grain !== wanted) grain = wanted;
    view.node = address(key); view.granularity = grain;
    writeFragment(view);
  }

  // ---- render the fragment's view -------------------------------------------------------------------------------
  function render() {
    clearMessage();
    var view = readFragment();
    var grain = GRAINS.indexOf((view.granularity || "").toUpperCase()) >= 0 ? view.granularity.toUpperCase() : null;
    var direction = DIRECTIONS.indexOf((view.direction || "").toUpperCase()) >= 0 ? view.direction.toUpperCase() : "BOTH";
    var depth = Math.max(1, Math.min(10, parseInt(view.depth, 10) || 2));
    var since = parseTime(view.since), until = parseTime(view.until);
    var symlinks = view.symlinks === "merged" ? "merged" : "linked";
    var start;
    if (view.node) {
      var found = resolve(view.node);
      if (!found.length) {
        showMessage("<strong>not found</strong>: " + esc(view.node) + ". Close matches: " +
          suggestions(view.node).map(function (k) { return '<button type="button" data-go="' + k + '">' + esc(nodeName(k)) +
            " <small>(" + esc(nodeNamespace(k)) + ")</small></button>"; }).join(" "));
        current.view = { nodes: {}, edges: [] }; fillTables(current.view); draw(current.view, null);
        $("details").innerHTML = '<p class="hint">Nothing selected.</p>';
        api.rendered = location.hash;
        return;
      }
      start = found[0];
    } else {
      start = defaultStart();
      if (!start) { showMessage("The warehouse holds no dataset and no job."); api.rendered = location.hash; return; }
    }
    var kind = start[0];
    if (!grain) grain = kind === "D" ? "DATASET" : KIND_NAMES[kind];
    if (kind !== "D" && grain !== KIND_NAMES[kind]) {
      showMessage("A " + KIND_NAMES[kind].toLowerCase() + " is drawn at " + KIND_NAMES[kind] + " grain (asked: " + esc(grain) + ").");
      grain = KIND_NAMES[kind];
    }
    if (since === undefined || until === undefined) showMessage("A time is written YYYY-MM-DD or YYYY-MM-DD HH:MM (UTC); the window is not applied.");
    if (since === undefined) since = null;
    if (until === undefined) until = null;
    $("granularity").value = grain; $("direction").value = direction; $("depth").value = depth;
    $("since").value = view.since || ""; $("until").value = view.until || ""; $("symlinks").value = symlinks;
    var shown = traverse(start, grain, direction, depth, since, until);
    if (symlinks === "merged") { shown = mergeSymlinks(shown); start = mergeStart(start); }
    current.view = shown; current.start = start;
    fillTables(shown);
    draw(shown, start);
    showDetails(current.selected && shown.nodes[current.selected] !== undefined ? current.selected : start);
    document.title = nodeName(start) + " — lineage explorer";
    api.rendered = location.hash;
  }
  function mergeStart(start) {
    var groups = symlinkGroups();
    return start[0] === "D" && groups[start.slice(2)] !== undefined ? "D:" + groups[start.slice(2)] : start;
  }

  // ---- events ---------------------------------------------------------------------------------------------------
  function controlsChanged() {
    var view = readFragment();
    if (!view.node && current.start) view.node = address(current.start);
    view.granularity = $("granularity").value; view.direction = $("direction").value;
    view.depth = $("depth").value; view.since = $("since").value.trim(); view.until = $("until").value.trim();
    view.symlinks = $("symlinks").value === "merged" ? "merged" : "";
    current.selected = null;
    writeFragment(view);
  }
  ["granularity", "direction", "depth", "symlinks", "since", "until"].forEach(function (id) {
    $(id).addEventListener("change", controlsChanged);
  });
  $("controls").addEventListener("submit", function (e) { e.preventDefault(); controlsChanged(); });
  $("fit").addEventListener("click", fit);
  $("search").addEventListener("input", function () { var t = $("search").value; if (t.trim()) showResults(search(t)); else $("search-results").hidden = true; });
  $("search").addEventListener("keydown", function (e) {
    if (e.key === "Enter") { var first = $("search-results").querySelector("li[data-key]"); if (first) { e.preventDefault(); choose(first.getAttribute("data-key")); } }
    if (e.key === "Escape") $("search-results").hidden = true;
  });
  function choose(key) { $("search-results").hidden = true; $("search").value = ""; current.selected = key; go(key); }
  $("search-results").addEventListener("click", function (e) {
    var li = e.target.closest("li[data-key]"); if (li) choose(li.getAttribute("data-key"));
  });
  document.addEventListener("click", function (e) {
    var target = e.target.closest("[data-go],[data-explore],[data-column]");
    if (!target) { if (!e.target.closest(".find")) $("search-results").hidden = true; return; }
    if (target.hasAttribute("data-column")) { showDetails(current.selected, target.getAttribute("data-column")); return; }
    var key = target.getAttribute("data-go") || target.getAttribute("data-explore");
    if (target.hasAttribute("data-go") && current.view && current.view.nodes[key] !== undefined) { showDetails(key); return; }
    current.selected = key; go(key);
  });
  var svg = $("graph"), drag = null, moved = false;
  svg.addEventListener("mousedown", function (e) { drag = { x: e.clientX, y: e.clientY, tx: transform.x, ty: transform.y }; moved = false; });
  window.addEventListener("mousemove", function (e) {
    if (!drag) return;
    var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) { moved = true; svg.classList.add("dragging"); }
    transform.x = drag.tx + dx; transform.y = drag.ty + dy; applyTransform();
  });
  window.addEventListener("mouseup", function () { drag = null; svg.classList.remove("dragging"); });
  svg.addEventListener("wheel", function (e) {
    e.preventDefault();
    var r = svg.getBoundingClientRect(), px = e.clientX - r.left, py = e.clientY - r.top;
    var k = Math.max(0.1, Math.min(4, transform.k * (e.deltaY < 0 ? 1.15 : 1 / 1.15)));
    transform.x = px - (px - transform.x) * k / transform.k; transform.y = py - (py - transform.y) * k / transform.k; transform.k = k;
    applyTransform();
  }, { passive: false });
  svg.addEventListener("click", function (e) {
    var node = e.target.closest(".node"); if (!node || moved) return;
    showDetails(node.getAttribute("data-key"));
  });
  svg.addEventListener("dblclick", function (e) {
    var node = e.target.closest(".node"); if (node) go(node.getAttribute("data-key"));
  });
  svg.addEventListener("keydown", function (e) {
    var node = e.target.closest && e.target.closest(".node");
    if (node && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); showDetails(node.getAttribute("data-key")); }
  });
  window.addEventListener("hashchange", render);
  window.addEventListener("resize", fit);

  var w = D.window;
  $("window-note").textContent = "JOB and DATASET grain: complete. RUN and OPERATION grain: the " + w.runs_in_window +
    " runs created from " + fmtTime(w.since) + " to " + fmtTime(w.until) + " UTC (the last " + w.days + " days before the newest run" +
    (w.capped ? ", at most the newest " + w.max_runs + " runs" : "") + ") of " + w.runs_total + " runs.";
  $("footer").textContent = "Read from " + D.meta.source + " at " + D.meta.generated_at + ": " + D.datasets.length +
    " datasets, " + D.jobs.length + " jobs. Layout: " + D.meta.library.dagre + " (vendored). Times are UTC.";
  drawLegend();
  render();
  api.firstRenderMs = performance.now();
})();
