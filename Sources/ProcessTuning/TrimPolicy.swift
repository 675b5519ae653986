/// When ``Trimmer`` gives freed memory back, decided from samples of the bytes held for
/// clients (a value, so that the rule is tested without a thread or an allocator).
///
/// A wave is at least ``minimumWave`` held through a second of samples: answers waiting
/// for clients, not one large request being made (a 10,000-node `/layout` holds about
/// 15 MB for a few milliseconds, and keeps the memory it freed for the next one; several
/// sent at once in a loop can look like a wave, and then fault their pages in again).
/// While a wave is on, heaps give their free top back at once
/// (``AllocatorTuning/releaseFreedMemoryEagerly(_:)``), so the answers it frees do not stay
/// resident at the top of an arena `malloc_trim` does not shrink. Once the figure has
/// fallen to an eighth of the wave's highest, every arena is trimmed; then once a second
/// while the server threads finish the requests the wave's clients left behind (their
/// answers made and dropped after the first trim): until ``settleTrims`` seconds after the
/// figure first reads 0, at most ``longestSettling`` seconds. After those, freed memory is
/// kept for the next request again.
public struct TrimPolicy: Sendable, Equatable {
    /// What to do after a sample.
    public enum Action: Sendable, Equatable {
        /// Release the free top of every heap at once (a wave has begun).
        case releaseEagerly
        /// Trim every arena.
        case trim
        /// Keep freed memory for the next request again (the wave and its settling are over).
        case keep
    }

    /// Fewer bytes held than this are no wave. 500 clients that never read a matrix CSV
    /// hold 4–10 MB (their streams' pieces and state; libmicrohttpd's per-connection memory
    /// is not counted), with the machine loaded at the low end: 8 MiB missed such waves.
    public static let minimumWave = 2 << 20
    /// Samples a second (``Trimmer`` samples at this rate).
    public static let ticksPerSecond = 4
    /// The trims after the figure first reads 0 following a wave, one a second.
    static let settleTrims = 5
    /// The most seconds of trims after a wave, however long its requests take to finish.
    static let longestSettling = 30

    /// Samples in a row of at least ``minimumWave`` (a wave from a second's worth on).
    private var heldSamples = 0
    private var inWave = false
    private var highest = 0
    /// Samples left in the settling after a wave: a trim at every whole second.
    private var settling = 0

    public init() {}

    /// The actions, in order, after a sample of `held` bytes.
    public mutating func sample(_ held: Int) -> [Action] {
        var actions: [Action] = []
        heldSamples = held >= Self.minimumWave ? heldSamples + 1 : 0
        if heldSamples > Self.ticksPerSecond, !inWave {
            if settling == 0 { actions.append(.releaseEagerly) }
            inWave = true
            highest = 0
            settling = 0
        }
        if inWave {
            highest = max(highest, held)
            if held <= highest / 8 {
                inWave = false
                actions.append(.trim)
                settling = Self.longestSettling * Self.ticksPerSecond
            }
        } else if settling > 0 {
            if held == 0 { settling = min(settling, Self.settleTrims * Self.ticksPerSecond) }
            settling -= 1
            if settling % Self.ticksPerSecond == 0, held < Self.minimumWave { actions.append(.trim) }
            if settling == 0 { actions.append(.keep) }
        }
        return actions
    }
}
