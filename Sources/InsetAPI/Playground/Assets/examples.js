// Example hierarchies the playground starts from: each is a complete POST /layout body.
export const examples = [
  {
    name: "Tab bar + navigation + scroll view",
    request: {
      device: "iphone-16-pro", orientation: "portrait", systemVersion: 27.1,
      root: { id: "tabs", viewController: { kind: "tabBar" }, subviews: [
        { id: "nav", viewController: { kind: "navigation" }, subviews: [
          { id: "feed", kind: "scrollView", viewController: { kind: "plain" },
            contentSize: { width: 0, height: 2000 }, subviews: [
              { id: "card", frame: { x: 16, y: 16, width: 343, height: 180 } },
            ] },
        ] },
      ] },
    },
  },
  {
    name: "Navigation + table with cells",
    request: {
      device: "iphone-16-pro", orientation: "portrait", systemVersion: 27.1,
      root: { id: "nav", viewController: { kind: "navigation", navigationBar: { prefersLargeTitles: true } }, subviews: [
        { id: "table", kind: "tableView", style: "insetGrouped", viewController: { kind: "plain" }, subviews: [
          { id: "header", kind: "sectionHeader" },
          { id: "cell-1", kind: "cell" },
          { id: "cell-2", kind: "cell" },
          { id: "cell-3", kind: "cell" },
        ] },
      ] },
    },
  },
  {
    name: "Child controller overhanging its parent",
    request: {
      device: "iphone-x", orientation: "portrait", systemVersion: 27.1,
      root: { id: "parent", viewController: { kind: "plain" }, subviews: [
        { id: "child", viewController: { kind: "plain" }, frame: { x: 0, y: -20, width: 375, height: 300 }, subviews: [
          { id: "banner", pin: "safeArea" },
        ] },
      ] },
    },
  },
  {
    name: "Split view controller on an iPad",
    request: {
      device: "ipad-air-11", orientation: "landscapeLeft", systemVersion: 27.1,
      root: { id: "split", viewController: { kind: "split" }, subviews: [
        { id: "primary", viewController: { kind: "navigation" }, subviews: [
          { id: "sidebar", viewController: { kind: "plain" } },
        ] },
        { id: "secondary", viewController: { kind: "navigation" }, subviews: [
          { id: "detail", viewController: { kind: "plain" } },
        ] },
      ] },
    },
  },
  {
    name: "Keyboard and a keyboard layout guide",
    request: {
      device: "iphone-16-pro", orientation: "portrait", systemVersion: 27.1, keyboard: { height: 336 },
      root: { id: "nav", viewController: { kind: "navigation" }, subviews: [
        { id: "chat", kind: "scrollView", viewController: { kind: "plain" }, contentSize: { width: 0, height: 1600 } },
        { id: "composer", frame: { x: 0, y: 0, width: 402, height: 874 }, keyboardLayoutGuide: true },
      ] },
    },
  },
  {
    name: "iOS 10 hierarchy (layout guides)",
    request: {
      device: "iphone-8", orientation: "portrait", systemVersion: 10,
      root: { id: "nav", viewController: { kind: "navigation" }, subviews: [
        { id: "list", kind: "scrollView", viewController: { kind: "plain" },
          contentSize: { width: 0, height: 1500 } },
      ] },
    },
  },
];
