import InsetEngine
import JSONCore

/// Writes the `POST /scroll` response body (API.md), byte for byte deterministic.
public enum ScrollResponseEncoder {
    /// The response for `result`: adjustedContentInset, systemInset, adjustedEdges,
    /// scrollableAxes, the indicator insets, contentOffset {initial, min, max},
    /// subviewSafeAreaInsets and explain, in that order.
    public static func encode(_ result: ScrollResult) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.beginObject()
        writer.field(Key.adjustedContentInset, result.adjustedContentInset)
        writer.field(Key.systemInset, result.systemInset)
        writer.key(Key.adjustedEdges)
        writer.beginArray()
        for edge in result.adjustedEdges { writer.string(edge.rawValue) }
        writer.endArray()
        writer.key(Key.scrollableAxes)
        writer.beginObject()
        writer.field(Key.vertical, result.scrollableAxes.vertical)
        writer.field(Key.horizontal, result.scrollableAxes.horizontal)
        writer.endObject()
        writer.field(Key.verticalScrollIndicatorInsets, result.verticalScrollIndicatorInsets)
        writer.field(Key.horizontalScrollIndicatorInsets, result.horizontalScrollIndicatorInsets)
        writer.key(Key.contentOffset)
        writer.beginObject()
        writer.field(Key.initial, result.contentOffset.initial)
        writer.field(Key.min, result.contentOffset.min)
        writer.field(Key.max, result.contentOffset.max)
        writer.endObject()
        writer.field(Key.subviewSafeAreaInsets, result.subviewSafeAreaInsets)
        writer.key(Key.explain)
        writer.beginArray()
        for sentence in result.explain { writer.string(sentence) }
        writer.endArray()
        writer.endObject()
        return writer.finish()
    }
}
