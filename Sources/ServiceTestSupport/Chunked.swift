/// The chunks of a `Transfer-Encoding: chunked` body, joined; nil when it is not one (a
/// malformed size line, a chunk not ended by CRLF, or bytes after the last chunk).
public func dechunked(_ bytes: [UInt8]) -> [UInt8]? {
    var result: [UInt8] = []
    var position = 0
    while true {
        guard let lineEnd = (position..<max(position, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
              let size = Int(String(decoding: bytes[position..<lineEnd], as: UTF8.self), radix: 16) else { return nil }
        let start = lineEnd + 2
        guard start + size + 2 <= bytes.count, bytes[start + size] == 13, bytes[start + size + 1] == 10 else { return nil }
        if size == 0 { return start + 2 == bytes.count ? result : nil }
        result += bytes[start..<(start + size)]
        position = start + size + 2
    }
}
