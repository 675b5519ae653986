import InsetEngine
import JSONCore

/// Writes the `POST /layout` response body (API.md), byte for byte deterministic.
public enum LayoutResponseEncoder {
    /// The response for `result`, computed from `request`: `device`, `orientation`,
    /// `systemVersion`, `screen`, `window` (safe-area model only), `nodes` keyed by id in
    /// depth-first request order, and `steps` when there are any.
    public static func encode(_ result: LayoutResult, for request: DecodedLayoutRequest) -> [UInt8] {
        var writer = JSONWriter(capacity: 512 + 700 * result.nodes.count * (result.steps.count + 1))
        writer.beginObject()
        writer.field(Key.device, request.device)
        writer.field(Key.orientation, request.orientation.rawValue)
        writer.field(Key.systemVersion, request.request.systemVersion)
        writer.field(Key.screen, result.screen)
        if let windowSafeArea = result.windowSafeArea {
            writer.key(Key.window)
            writer.beginObject()
            writer.field(Key.safeAreaInsets, windowSafeArea)
            writer.endObject()
        }
        writer.key(Key.nodes)
        writeNodes(result.nodes, to: &writer)
        if !result.steps.isEmpty {
            writer.key(Key.steps)
            writer.beginArray()
            for step in result.steps {
                writer.beginObject()
                writer.key(Key.nodes)
                writeNodes(step, to: &writer)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.finish()
    }

    private static func writeNodes(_ nodes: [NodeResult], to writer: inout JSONWriter) {
        writer.beginObject()
        for node in nodes {
            writer.key(node.id)
            write(node, to: &writer)
        }
        writer.endObject()
    }

    /// One node: geometry, margins, scroll fields, layout guides, bars, explain; absent
    /// parts omitted.
    private static func write(_ node: NodeResult, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field(Key.frame, node.frame)
        writer.field(Key.frameInWindow, node.frameInWindow)
        if let safeAreaInsets = node.safeAreaInsets { writer.field(Key.safeAreaInsets, safeAreaInsets) }
        if let guide = node.safeAreaLayoutGuide { writer.field(Key.safeAreaLayoutGuide, guide) }
        writer.field(Key.layoutMargins, node.layoutMargins)
        writer.field(Key.directionalLayoutMargins, node.directionalLayoutMargins)
        writer.field(Key.layoutMarginsGuide, node.layoutMarginsGuide)
        if let scroll = node.scroll {
            writer.field(Key.contentInset, scroll.contentInset)
            writer.field(Key.adjustedContentInset, scroll.adjustedContentInset)
            writer.field(Key.verticalScrollIndicatorInsets, scroll.verticalScrollIndicatorInsets)
            writer.field(Key.horizontalScrollIndicatorInsets, scroll.horizontalScrollIndicatorInsets)
            writer.field(Key.contentOffset, scroll.contentOffset)
        }
        if let guides = node.layoutGuides {
            writer.field(Key.topLayoutGuide, guides.top)
            writer.field(Key.bottomLayoutGuide, guides.bottom)
        }
        if let bars = node.bars {
            writer.key(Key.bars)
            writer.beginObject()
            if let rect = bars.statusBar { writer.field(Key.statusBar, rect) }
            if let rect = bars.navigationBar { writer.field(Key.navigationBar, rect) }
            if let rect = bars.toolbar { writer.field(Key.toolbar, rect) }
            if let rect = bars.tabBar { writer.field(Key.tabBar, rect) }
            writer.endObject()
        }
        if let explain = node.explain {
            writer.key(Key.explain)
            writer.beginObject()
            for edge in Edge.allCases {
                writer.key(key(edge))
                writer.beginArray()
                for contribution in explain[edge] {
                    writer.beginObject()
                    writer.field(Key.source, contribution.source.rawValue)
                    writer.field(Key.value, contribution.value)
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        }
        writer.endObject()
    }

    /// The pre-encoded key of `edge` (its raw value).
    private static func key(_ edge: Edge) -> JSONKey {
        switch edge {
        case .top: Key.top
        case .left: Key.left
        case .bottom: Key.bottom
        case .right: Key.right
        }
    }
}
