/// When ``Trimmer`` gives freed memory back, decided from samples of the bytes held for
/// clients (a value, so that the rule is tested without a thread or an allocator).
///
/// A wave is held bytes of at least ``minimumWave``. While one is on, heaps give their free
/// top back at once (``AllocatorTuning/releaseFreedMemoryEagerly(_:)``), so the answers the
/// wave frees do not stay resident at the top of an arena `malloc_trim` does not shrink.
/// Once the figure has fallen to an eighth of the highest since the last trim, every arena
/// is trimmed; then once a second for ``settleTrims`` seconds while the figure stays low, as
/// the server threads still finish requests the wave's clients left behind (their answers
/// made and dropped after the first trim). After those, freed memory is kept for the next
/// request again. Steady requests (no wave) are left alone.
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

    /// Waves smaller than this are left to the allocator.
    public static let minimumWave = 8 << 20
    /// Samples a second (``Trimmer`` samples at this rate).
    public static let ticksPerSecond = 4
    /// The trims after a wave's first, one a second.
    static let settleTrims = 5

    private var highest = 0
    /// Samples left in the settling after a wave: a trim at every whole second.
    private var settling = 0
    private var eager = false

    public init() {}

    /// The actions, in order, after a sample of `held` bytes.
    public mutating func sample(_ held: Int) -> [Action] {
        var actions: [Action] = []
        highest = max(highest, held)
        if !eager, held >= Self.minimumWave {
            eager = true
            actions.append(.releaseEagerly)
        }
        if highest >= Self.minimumWave, held <= highest / 8 {
            actions.append(.trim)
            highest = held
            settling = Self.settleTrims * Self.ticksPerSecond
        } else if settling > 0 {
            settling -= 1
            if settling % Self.ticksPerSecond == 0, held < Self.minimumWave { actions.append(.trim) }
        }
        if eager, settling == 0, highest < Self.minimumWave {
            eager = false
            actions.append(.keep)
        }
        return actions
    }
}
