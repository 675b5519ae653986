import Foundation
@testable import MicroHTTP
import Testing

@Suite struct HTTPDateTests {
    private func text(_ seconds: Int) -> String {
        String(decoding: HTTPDate.imfFixdate(seconds), as: UTF8.self)
    }

    /// What glibc's `gmtime_r` and `strftime` give for `seconds` in the C locale: the
    /// formatting libmicrohttpd used before the server took the header over.
    private func reference(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func formatsTheRFCsExampleAndCalendarEdges() {
        #expect(text(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT", "RFC 9110's example")
        #expect(text(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(text(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT", "a leap day of a century divisible by 400")
        #expect(text(4_107_542_399) == "Sun, 28 Feb 2100 23:59:59 GMT", "2100 is no leap year")
        #expect(text(4_107_542_400) == "Mon, 01 Mar 2100 00:00:00 GMT")
        #expect(text(-1) == "Wed, 31 Dec 1969 23:59:59 GMT")
    }

    @Test func agreesWithGlibcOverTwoCenturies() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let seconds = Int.random(in: -2_208_988_800...4_102_444_799, using: &generator)   // 1900–2099
            #expect(text(seconds) == reference(seconds), "at \(seconds)")
        }
        // Every day boundary of four years around a leap day.
        for day in 10_957...12_418 {
            #expect(text(day * 86_400) == reference(day * 86_400))
            #expect(text(day * 86_400 - 1) == reference(day * 86_400 - 1))
        }
    }

    @Test func refreshRebuildsTheValueOnlyWhenTheSecondChanges() {
        var date = HTTPDate()
        date.refresh(now: 784_111_777)
        #expect(date.value.last == 0, "NUL-terminated for libmicrohttpd")
        #expect(String(decoding: date.value.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) == "Sun, 06 Nov 1994 08:49:37 GMT")
        let first = date.value
        date.refresh(now: 784_111_777)
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == date.value.withUnsafeBufferPointer { $0.baseAddress }, "same second: not rebuilt")
        date.refresh(now: 784_111_778)
        #expect(String(decoding: date.value.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) == "Sun, 06 Nov 1994 08:49:38 GMT")
    }
}
