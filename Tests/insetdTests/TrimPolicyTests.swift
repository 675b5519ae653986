import ProcessTuning
import Testing

/// Feeds `samples` to a fresh policy; the actions after each.
private func run(_ samples: [Int]) -> [[TrimPolicy.Action]] {
    var policy = TrimPolicy()
    return samples.map { policy.sample($0) }
}

private let wave = TrimPolicy.minimumWave
private let second = TrimPolicy.ticksPerSecond
/// A wave of `bytes` held through a second and a bit: it begins at the last of these.
private func held(_ bytes: Int) -> [Int] { Array(repeating: bytes, count: second + 1) }

@Test func bytesBelowAWaveOrHeldUnderASecondAreLeftToTheAllocator() {
    let small = run(Array(repeating: wave - 1, count: 40)).allSatisfy(\.isEmpty)
    #expect(small)
    // One large request after another: each holds its bytes for less than a second.
    let requests = run(Array(repeating: [0, 2 * wave, 2 * wave, 0], count: 10).flatMap { $0 }).allSatisfy(\.isEmpty)
    #expect(requests)
}

@Test func aWaveReleasesEagerlyTrimsWhenItHasGoneAndKeepsFiveSecondsAfterItsFigureReadsZero() {
    let wavePart = [0] + held(4 * wave)
    let leftBehind = Array(repeating: wave / 4, count: 3 * second)
    let actions = run(wavePart + leftBehind + Array(repeating: 0, count: 5 * second + 4))
    let before = actions[..<(wavePart.count - 1)].allSatisfy(\.isEmpty)
    #expect(before)
    #expect(actions[wavePart.count - 1] == [.releaseEagerly])
    // Fallen to an eighth of the highest (wave / 4 of 4 waves): the first trim.
    #expect(actions[wavePart.count] == [.trim])
    let settling = Array(actions[(wavePart.count + 1)...])
    let trims = settling.count { $0.contains(.trim) }
    let keeps = settling.indices.filter { settling[$0].contains(.keep) }
    // A trim once a second while the left-behind requests finish (two in their last 2.75 s)
    // and five in the five seconds after the figure first reads 0, ending with the keep.
    let leftBehindSamples = leftBehind.count - 1
    #expect(trims == 2 + 5)
    #expect(keeps == [leftBehindSamples + 5 * second - 1])
    #expect(settling[keeps[0]] == [.trim, .keep])
}

@Test func theSettlingEndsAfterThirtySecondsIfTheFigureNeverReadsZero() {
    let wavePart = held(2 * wave) + [1]
    let actions = run(wavePart + Array(repeating: 1, count: 40 * second))
    let keeps = actions.indices.filter { actions[$0].contains(.keep) }
    #expect(keeps == [wavePart.count - 1 + 30 * second])
}

@Test func aWaveThatStaysHighKeepsReleasingEagerlyWithoutTrims() {
    let actions = run(held(wave) + Array(repeating: 2 * wave, count: 60))
    #expect(actions[second] == [.releaseEagerly])
    let quiet = actions.dropFirst(second + 1).allSatisfy(\.isEmpty)
    #expect(quiet)
}

@Test func aWaveDuringTheSettlingContinuesTheEagerReleaseAndASecondOneAfterItBeginsIt() {
    let first = held(2 * wave) + [0, 0]
    let during = run(first + held(3 * wave) + [0])
    #expect(during[first.count + second].isEmpty)
    #expect(during.last == [.trim])
    let afterwards = first + Array(repeating: 0, count: 5 * second)
    let after = run(afterwards + held(3 * wave))
    let kept = after[..<afterwards.count].contains { $0.contains(.keep) }
    #expect(kept)
    #expect(after.last == [.releaseEagerly])
}
