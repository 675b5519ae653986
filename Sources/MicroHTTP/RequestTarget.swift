/// Checks on a request's target and `Host` (API.md "Paths and Host"), on the raw bytes
/// libmicrohttpd received.
enum RequestTarget {
    /// Whether the path of the raw request target `uri` (up to its `?`), once
    /// percent-decoded, holds a C0 control byte (0x00–0x1F) or DEL (0x7F).
    static func pathHoldsControlByte(_ uri: UnsafePointer<CChar>) -> Bool {
        var index = 0
        while true {
            let byte = UInt8(bitPattern: uri[index])
            switch byte {
            case 0, UInt8(ascii: "?"):
                return false
            case UInt8(ascii: "%"):
                // A malformed escape is left as it is (libmicrohttpd keeps it verbatim).
                if let high = hexValue(uri[index + 1]), let low = hexValue(uri[index + 2]), isControl(high << 4 | low) {
                    return true
                }
            default:
                if isControl(byte) { return true }
            }
            index += 1
        }
    }

    /// Why a `Host` field value is not `uri-host [ ":" port ]` (RFC 9112 §3.2, RFC 3986
    /// §3.2.2–3.2.3), or nil when it is. An empty value is valid (a target without an
    /// authority).
    static func hostProblem(_ value: String) -> String? {
        var bytes = Substring(value).utf8[...]
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return "an IP literal without its closing ]" }
            let literal = bytes[bytes.index(after: bytes.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }) else {
                return "an IP literal holding characters it cannot"
            }
            bytes = bytes[bytes.index(after: close)...]
            guard bytes.isEmpty || bytes.first == UInt8(ascii: ":") else { return "characters after the IP literal" }
        } else if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
            guard isRegisteredName(bytes[..<colon]) else { return "a host name holding characters it cannot" }
            bytes = bytes[colon...]
        } else {
            return isRegisteredName(bytes) ? nil : "a host name holding characters it cannot"
        }
        // What is left is ":" port, or nothing.
        guard bytes.dropFirst().allSatisfy({ (0x30...0x39).contains($0) }) else { return "a port that is not digits" }
        return nil
    }

    /// RFC 3986's reg-name: unreserved characters, percent escapes and sub-delimiters.
    private static func isRegisteredName(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                guard first < bytes.endIndex, bytes.index(after: first) < bytes.endIndex,
                      hexValue(CChar(bitPattern: bytes[first])) != nil, hexValue(CChar(bitPattern: bytes[bytes.index(after: first)])) != nil
                else { return false }
                index = bytes.index(first, offsetBy: 2)
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index = bytes.index(after: index)
        }
        return true
    }

    private static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        "!$&'()*+,;=".utf8.contains(byte)
    }

    private static func hexValue(_ char: CChar) -> UInt8? {
        let byte = UInt8(bitPattern: char)
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
