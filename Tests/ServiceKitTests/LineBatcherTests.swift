import Foundation
@testable import ServiceKit
import ServiceTestSupport
import Synchronization
import Testing

/// What a `LineBatcher` handed its sink, batch by batch.
private final class Batches: Sendable {
    let received = Mutex<[[UInt8]]>([])

    var all: [[UInt8]] { received.withLock { $0 } }

    func sink(_ batch: UnsafeRawBufferPointer) {
        received.withLock { $0.append(Array(batch)) }
    }
}

private func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }

@Suite struct LineBatcherTests {
    @Test func batchesWholeLinesInOrderUpToTheLimit() {
        let batches = Batches()
        let batcher = LineBatcher(lingering: .seconds(60), sink: batches.sink)
        let lines = (0..<200).map { line("line \($0) " + String(repeating: "x", count: 37 * $0 % 300)) }
        for text in lines { text.withUnsafeBytes(batcher.append) }
        #expect(lines.joined().count < LineBatcher.wakeThreshold)
        #expect(batches.all.isEmpty)
        batcher.flush()
        let written = batches.all
        #expect(Array(written.joined()) == Array(lines.joined()))
        for batch in written {
            #expect(batch.count <= LineBatcher.batchLimit)
            #expect(batch.last == UInt8(ascii: "\n"))
        }
        // Each batch was full: the line after it would not have fitted.
        var offset = 0
        for batch in written.dropLast() {
            offset += batch.count
            let next = lines[lineIndex(at: offset, in: lines)]
            #expect(batch.count + next.count > LineBatcher.batchLimit)
        }
        #expect(written.count < lines.count / 10)
    }

    @Test func aLineLongerThanTheLimitIsABatchOfItsOwn() {
        let batches = Batches()
        let batcher = LineBatcher(lingering: .seconds(60), sink: batches.sink)
        let long = line(String(repeating: "y", count: LineBatcher.batchLimit + 904))
        for text in [line("before"), long, line("after")] { text.withUnsafeBytes(batcher.append) }
        batcher.flush()
        #expect(batches.all == [line("before"), long, line("after")])
    }

    @Test func nothingIsWrittenBeforeItsTimeAndFlushWritesAll() {
        let batches = Batches()
        let batcher = LineBatcher(lingering: .seconds(60), sink: batches.sink)
        line("one").withUnsafeBytes(batcher.append)
        line("two").withUnsafeBytes(batcher.append)
        #expect(batches.all.isEmpty)
        batcher.flush()
        #expect(batches.all == [line("one") + line("two")])
        batcher.flush()
        #expect(batches.all.count == 1)
    }

    @Test func theFlusherWritesAPendingLineAfterItsLingering() async throws {
        let batches = Batches()
        let batcher = LineBatcher(lingering: .milliseconds(20), sink: batches.sink)
        for round in 0..<3 {
            line("round \(round)").withUnsafeBytes(batcher.append)
            // No flush(): the flusher thread must write it (within seconds on a busy machine).
            let deadline = ContinuousClock.now + .seconds(10)
            while batches.all.count <= round, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(batches.all.count == round + 1)
            #expect(batches.all.last == line("round \(round)"))
        }
    }

    @Test func theFlusherWritesOnceTheWakeThresholdIsPending() async throws {
        let batches = Batches()
        let batcher = LineBatcher(lingering: .seconds(60), sink: batches.sink)
        let text = line(String(repeating: "w", count: 199))
        for _ in 0...(LineBatcher.wakeThreshold / text.count) { text.withUnsafeBytes(batcher.append) }
        // The flusher hands the lines over batch by batch: wait for all of them, not the first.
        let deadline = ContinuousClock.now + .seconds(10)
        while batches.all.joined().count <= LineBatcher.wakeThreshold, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(batches.all.joined().count > LineBatcher.wakeThreshold)
    }

    @Test func appendersWaitForAStalledSinkBeyondTheBacklog() async throws {
        let batches = Batches()
        let gate = DispatchSemaphore(value: 0)
        let stalled = Mutex(true)
        let batcher = LineBatcher(lingering: .milliseconds(1)) { batch in
            if stalled.withLock({ $0 }) { gate.wait() }
            batches.sink(batch)
        }
        // More than the flusher can take before it stalls (at most the backlog) and the
        // backlog after it.
        let lines = (0..<16_000).map { line("\($0) " + String(repeating: "b", count: 200)) }
        #expect(lines.joined().count > 3 * LineBatcher.backlogLimit)
        let appended = Mutex(0)
        Thread.detachNewThread {
            for text in lines {
                text.withUnsafeBytes(batcher.append)
                appended.withLock { $0 += 1 }
            }
        }
        // The flusher takes the first lines and stalls in the sink; the backlog then fills
        // and holds the appender back.
        var previous = -1
        while appended.withLock({ $0 }) != previous {
            previous = appended.withLock { $0 }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(previous < lines.count)
        stalled.withLock { $0 = false }
        gate.signal()
        let deadline = ContinuousClock.now + .seconds(10)
        while appended.withLock({ $0 }) < lines.count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        batcher.flush()
        #expect(Array(batches.all.joined()) == Array(lines.joined()))
    }

    /// Appends from four tasks while the flusher (lingering 1 ms) and, with `flushing`, a
    /// thread calling `flush()` over and over take buffers at the same time.
    @Test(arguments: [false, true])
    func concurrentAppendsKeepEveryLineWholeAndEachThreadsOrder(flushing: Bool) throws {
        let batches = Batches()
        let batcher = LineBatcher(lingering: .milliseconds(1), sink: batches.sink)
        let threads = 4, perThread = 2_000
        let appending = Atomic<Bool>(true), flushes = Atomic<Int>(0)
        let flusherDone = DispatchSemaphore(value: 0)
        if flushing {
            Thread.detachNewThread {
                while appending.load(ordering: .acquiring) {
                    batcher.flush()
                    flushes.add(1, ordering: .relaxed)
                }
                flusherDone.signal()
            }
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                line("\(thread) \(index) " + String(repeating: "z", count: index % 97)).withUnsafeBytes(batcher.append)
            }
        }
        appending.store(false, ordering: .releasing)
        if flushing {
            flusherDone.wait()
            #expect(flushes.load(ordering: .relaxed) > 0)
        }
        batcher.flush()
        var next = [Int](repeating: 0, count: threads)
        for batch in batches.all {
            #expect(batch.count <= LineBatcher.batchLimit)
            #expect(batch.last == UInt8(ascii: "\n"))
            for text in String(decoding: batch, as: UTF8.self).split(separator: "\n") {
                let fields = text.split(separator: " ")
                let thread = try #require(Int(fields[0])), index = try #require(Int(fields[1]))
                #expect(index == next[thread])
                #expect((fields.count == 3 ? fields[2].count : 0) == index % 97)
                next[thread] = index + 1
            }
        }
        #expect(next == [Int](repeating: perThread, count: threads))
    }
}

/// The index of the line that starts at byte `offset` of the lines laid end to end.
private func lineIndex(at offset: Int, in lines: [[UInt8]]) -> Int {
    var start = 0
    for (index, text) in lines.enumerated() {
        if start == offset { return index }
        start += text.count
    }
    preconditionFailure("no line starts at \(offset)")
}
