/// A `/layout` request's states, one at a time: the first layout, then the state after each
/// step, in order. ``InsetEngine/layout(_:)`` collects them all into a ``LayoutResult``.
///
/// A state is computed only when asked for, and the value keeps none of the states it has
/// given: a caller that writes each state out before asking for the next (a streamed
/// answer) holds one state at a time, not nodes × (steps + 1) results.
///
/// ```swift
/// var states = LayoutStates(request)
/// while let nodes = states.next() { write(nodes) }
/// ```
public struct LayoutStates: IteratorProtocol, Sequence, Sendable {
    /// The screen's size, as ``LayoutResult/screen`` reports it.
    public let screen: Size
    /// The window's safe area (safe-area model only), as ``LayoutResult/windowSafeArea`` reports it.
    public let windowSafeArea: Insets?
    /// The caveats (API.md) of the states given so far, the request's own (V3, V11) from the
    /// start: after the last state, the whole answer's.
    public private(set) var caveats: CaveatSet = []
    /// The number of states: the request's steps plus the first layout.
    public let count: Int
    /// About how many bytes this value keeps from one state to the next (the flattened tree,
    /// the request's views, ids and steps it shares, the index of ids): for callers that
    /// budget memory. A state being produced is not included: nodes ×
    /// `MemoryLayout<NodeResult>.stride` plus their explanation lists, freed by the caller.
    /// (Worked out when asked for: most callers never ask.)
    public var keptBytesEstimate: Int { Self.estimate(ids: tree.ids, steps: steps, indexed: !indexByID.isEmpty) }

    private var tree: FlatTree
    private var pass: LayoutPass
    /// Rule S5's memory, from one state to the next (see `LayoutPass.run`).
    /// (`Dictionary()`, not `[:]`: the literal is a call that builds its empty list of pairs.)
    private var remembered = [Int: Insets]()
    private let steps: [LayoutStep]
    private let indexByID: [String: Int]
    /// The index of the state `next()` gives: 0 the first layout, n the state after step n.
    private var position = 0

    /// The states of `request`; none is computed yet.
    ///
    /// (Borrowed: an initializer takes its arguments owned by default, which has its callers
    /// copy the whole request, lists and all, for the few parts kept here.)
    public init(_ request: borrowing LayoutRequest) {
        screen = request.environment.screen
        let environment = request.windowEnvironment
        windowSafeArea = request.usesSafeAreaModel ? environment.windowSafeArea : nil
        count = request.steps.count + 1
        tree = FlatTree(hierarchy: request.hierarchy)
        if request.systemVersion >= SystemVersion.liquidGlass {
            // V3: a home-button iPad keeps its pre-26 window; V11: iPadOS 26's windows are W1–W4's.
            if environment.family == .ipad, environment.features.contains(.homeButton) { caveats.insert(CaveatSet(.V3)) }
            if request.window != nil { caveats.insert(CaveatSet(.V11)) }
        }
        // Last use: the environment is moved into the pass, not copied.
        pass = LayoutPass(environment: consume environment, systemVersion: request.systemVersion, direction: request.layoutDirection,
                          designRequiresCompatibility: request.designRequiresCompatibility)
        // The request's keyboard is in screen coordinates; the pass works in the window's.
        pass.keyboard = request.keyboard.map { keyboard in
            var moved = keyboard
            if let window = request.window {
                moved.frame.x -= window.x
                moved.frame.y -= window.y
            }
            return moved
        }
        steps = request.steps
        indexByID = request.steps.isEmpty ? Dictionary() : tree.indexByID()
    }

    /// The next state: every node, depth-first in request order; nil after the last step.
    ///
    /// A step's frame naming an unknown id, the root or a container-placed view is ignored
    /// (the decoder rejects them).
    public mutating func next() -> NodeResults? {
        guard position < count else { return nil }
        if position > 0 {
            for change in steps[position - 1].frames {
                if let index = indexByID[change.id] { tree.move(index, to: change.frame) }
            }
        }
        position += 1
        return pass.run(tree, remembered: &remembered, caveats: &caveats)
    }

    /// ``keptBytesEstimate`` for a hierarchy of views with `ids` and its steps: each view's
    /// flattened node, its request view and its id (the bytes of ids too long to be stored
    /// inline), twice over in the index when there are steps (a dictionary keeps room to
    /// spare), and each step's frame changes with their ids.
    private static func estimate(ids: NodeIDList, steps: [LayoutStep], indexed: Bool) -> Int {
        let perView = MemoryLayout<FlatNode>.stride + MemoryLayout<ViewHierarchy.View>.stride + MemoryLayout<String>.stride
        let perIndexEntry = indexed ? 2 * (MemoryLayout<String>.stride + MemoryLayout<Int>.stride) : 0
        var bytes = ids.count * (perView + perIndexEntry)
        // The long ids' bytes in the list's tail; the index's keys are strings of their own.
        bytes += ids.tailBytes
        if indexed { for id in ids { bytes += heapBytes(id) } }
        bytes += steps.count * MemoryLayout<LayoutStep>.stride
        for step in steps {
            bytes += step.frames.count * MemoryLayout<(id: String, frame: Rect)>.stride
            for change in step.frames { bytes += heapBytes(change.id) }
        }
        return bytes
    }

    /// What a string keeps on the heap: nothing up to 15 UTF-8 bytes (stored inline), else
    /// its bytes and a 32-byte header.
    private static func heapBytes(_ string: String) -> Int {
        let count = string.utf8.count
        return count > 15 ? count + 32 : 0
    }
}
