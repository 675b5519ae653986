import ProcessTuning
import Testing

/// Feeds `samples` to a fresh policy; the actions after each.
private func run(_ samples: [Int]) -> [[TrimPolicy.Action]] {
    var policy = TrimPolicy()
    return samples.map { policy.sample($0) }
}

private let wave = TrimPolicy.minimumWave
private let settleSamples = 5 * TrimPolicy.ticksPerSecond

@Test func steadySmallRequestsAreLeftToTheAllocator() {
    let quiet = run(Array(repeating: wave - 1, count: 40)).allSatisfy(\.isEmpty)
    #expect(quiet)
}

@Test func aWaveReleasesEagerlyThenTrimsWhenItHasGoneAndKeepsAfterTheSettling() {
    let actions = run([0, wave, 4 * wave, 4 * wave, wave / 2] + Array(repeating: 0, count: settleSamples + 4))
    #expect(actions[0].isEmpty)
    #expect(actions[1] == [.releaseEagerly])
    #expect(actions[2].isEmpty && actions[3].isEmpty)
    // Fallen to an eighth of the highest: the first trim, eager release still on.
    #expect(actions[4] == [.trim])
    let settling = Array(actions[5..<(5 + settleSamples)])
    // A trim once a second while settling; freed memory is kept again after the last one.
    let trims = settling.count { $0.contains(.trim) }
    let keptEarly = settling.dropLast().contains { $0.contains(.keep) }
    let after = actions[(5 + settleSamples)...].allSatisfy(\.isEmpty)
    #expect(trims == 5)
    #expect(settling.last == [.trim, .keep])
    #expect(!keptEarly)
    #expect(after)
}

@Test func aWaveThatStaysHighKeepsReleasingEagerly() {
    let actions = run([wave] + Array(repeating: 2 * wave, count: 60))
    #expect(actions[0] == [.releaseEagerly])
    let quiet = actions.dropFirst().allSatisfy(\.isEmpty)
    #expect(quiet)
}

@Test func aSecondWaveReleasesEagerlyAgain() {
    let first = [2 * wave, 0] + Array(repeating: 0, count: settleSamples)
    let actions = run(first + [3 * wave, 0])
    #expect(actions[first.count - 1].contains(.keep))
    #expect(actions[first.count] == [.releaseEagerly])
    #expect(actions[first.count + 1] == [.trim])
}
