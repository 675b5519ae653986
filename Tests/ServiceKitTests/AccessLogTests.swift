import HTTPTypes
@testable import ServiceKit
import ServiceTestSupport
import Logging
import Synchronization
import Testing

@Suite struct AccessLogTests {
    @Test func writesOneJSONLinePerRequest() {
        let line = AccessLog.line(
            time: 1_795_327_893.339, method: "POST", path: "/layout \"x\"", status: 200,
            seconds: 9.2454e-05, bytes: 22_302, requestID: "36c59a2f6628-6-8f64"
        )
        let expected = #"{"time":1795327893.339,"level":"info","logger":"insetd.access","message":"request","bytes":22302,"#
            + #""durationSeconds":0.000092454,"method":"POST","path":"/layout \"x\"","requestId":"36c59a2f6628-6-8f64","status":200}"#
            + "\n"
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }

    /// A line longer than the stack storage it is written in (a long path) moves to the
    /// heap whole.
    @Test func writesALineLongerThanItsStackStorageWhole() {
        let path = "/layout?" + String(repeating: "q", count: 600)
        let line = AccessLog.line(time: 1.5, method: "GET", path: path, status: 404, seconds: 0.25, bytes: 7, requestID: "r")
        let expected = #"{"time":1.5,"level":"info","logger":"insetd.access","message":"request","bytes":7,"#
            + #""durationSeconds":0.25,"method":"GET","path":""# + path + #"","requestId":"r","status":404}"# + "\n"
        #expect(line.count > 512)
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }
}

@Suite struct RequestIDTests {
    @Test(arguments: [
        (UInt64(0), UInt64(0), "ab12-0-0"), (6, 0x8f64, "ab12-6-8f64"), (15, 16, "ab12-f-10"),
        (0, UInt64.max, "ab12-0-ffffffffffffffff"), (0xabc, 0x1000_0000_0000_0000, "ab12-abc-1000000000000000"),
    ])
    func formatsInLowercaseHex(shard: UInt64, sequence: UInt64, expected: String) {
        #expect(ServiceMetrics.requestID(prefix: "ab12", shard: shard, sequence: sequence) == expected)
        #expect(expected == "ab12-\(String(shard, radix: 16))-\(String(sequence, radix: 16))")
    }
}

@Suite struct JSONLogHandlerTests {
    @Test func writesOneJSONLinePerEventWithMetadataByKey() throws {
        let lines = Mutex<[[UInt8]]>([])
        var handler = JSONLogHandler(label: "insetd") { line in lines.withLock { $0.append(line) } }
        handler.metadata = ["z": "handler"]
        handler.log(event: LogEvent(level: .notice, message: "draining", metadata: ["signal": .stringConvertible(15), "b": "x\"y"], source: "insetd", file: #file, function: #function, line: #line))
        let line = try #require(lines.withLock { $0.first })
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix(#"{"time":"#))
        #expect(text.hasSuffix(#","level":"notice","logger":"insetd","message":"draining","b":"x\"y","signal":15,"z":"handler"}"# + "\n"))
        let time = try #require(Double(text.dropFirst(8).prefix { $0 != "," }))
        #expect(abs(time - AccessLog.wallClockMilliseconds()) < 60)
    }
}
