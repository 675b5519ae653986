import InsetEngine
import JSONCore
import ServiceKit

/// Writes the `POST /scroll` response body (API.md), byte for byte deterministic.
public enum ScrollResponseEncoder {
    /// The response for `result`: adjustedContentInset, systemInset, adjustedEdges,
    /// scrollableAxes, the indicator insets, contentOffset {initial, min, max},
    /// subviewSafeAreaInsets and explain, in that order.
    public static func encode(_ result: ScrollResult) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.beginObject()
        writer.field("adjustedContentInset", result.adjustedContentInset)
        writer.field("systemInset", result.systemInset)
        writer.key("adjustedEdges")
        writer.beginArray()
        for edge in result.adjustedEdges { writer.string(edge.rawValue) }
        writer.endArray()
        writer.key("scrollableAxes")
        writer.beginObject()
        writer.field("vertical", result.scrollableAxes.vertical)
        writer.field("horizontal", result.scrollableAxes.horizontal)
        writer.endObject()
        writer.field("verticalScrollIndicatorInsets", result.verticalScrollIndicatorInsets)
        writer.field("horizontalScrollIndicatorInsets", result.horizontalScrollIndicatorInsets)
        writer.key("contentOffset")
        writer.beginObject()
        writer.field("initial", result.contentOffset.initial)
        writer.field("min", result.contentOffset.min)
        writer.field("max", result.contentOffset.max)
        writer.endObject()
        writer.field("subviewSafeAreaInsets", result.subviewSafeAreaInsets)
        writer.key("explain")
        writer.beginArray()
        for sentence in result.explain { writer.string(sentence) }
        writer.endArray()
        writer.endObject()
        return writer.finish()
    }
}
