/// The picture's palette: one inline `<style>`, light by default and dark under
/// `prefers-color-scheme: dark`. Class names carry the `insetd-` prefix so that a picture
/// placed inline in a page does not restyle the page; every picture's sheet is the same,
/// so pictures placed together do not restyle each other either.
enum SVGStyle {
    /// The `<style>` element, written once per picture.
    static let element: StaticString = """
    <style>
    .insetd-bg{fill:#f2f2f7}.insetd-outline{fill:none;stroke:#1c1c1e;stroke-width:2}
    .insetd-win,.insetd-frame,.insetd-margins,.insetd-guide,.insetd-sel{vector-effect:non-scaling-stroke}
    .insetd-win{fill:#ffffff;stroke:#636366;stroke-width:1.5}.insetd-other{fill:#8e8e93;fill-opacity:.4}
    .insetd-frame{fill:none;stroke:#0a84ff;stroke-width:1}.insetd-unsafe{fill:#ff3b30;fill-opacity:.16}
    .insetd-margins{fill:none;stroke:#1f8a9e;stroke-dasharray:4 3}
    .insetd-bar{fill:#c7c7cc;fill-opacity:.8}.insetd-kb{fill:#aeb3bd;fill-opacity:.92}
    .insetd-guide{fill:none;stroke:#8e44ad;stroke-width:2;stroke-dasharray:6 4}
    .insetd-hw{fill:#000000}.insetd-home{fill:#1c1c1e}
    .insetd-text{fill:#1c1c1e;stroke:#f2f2f7;stroke-width:.25em;stroke-linejoin:round;paint-order:stroke}
    .insetd-dim{fill:#3a3a3c}.insetd-win-n{fill:#c9341f}.insetd-node-n{fill:#0a60c2}
    .insetd-sel{fill:none;stroke:#ff9500;stroke-width:3}
    @media (prefers-color-scheme: dark){
    .insetd-bg{fill:#1c1c1e}.insetd-outline{stroke:#98989d}
    .insetd-win{fill:#2c2c2e;stroke:#98989d}.insetd-other{fill:#000000;fill-opacity:.5}
    .insetd-frame{stroke:#409cff}.insetd-unsafe{fill:#ff453a;fill-opacity:.3}
    .insetd-margins{stroke:#5ac8e0}.insetd-bar{fill:#48484a}.insetd-kb{fill:#3a3a3c}
    .insetd-guide{stroke:#d08bf0}.insetd-home{fill:#f2f2f7}
    .insetd-text{fill:#f2f2f7;stroke:#1c1c1e}.insetd-dim{fill:#d1d1d6}
    .insetd-win-n{fill:#ff7b6b}.insetd-node-n{fill:#7ab8ff}
    }
    </style>

    """
}
