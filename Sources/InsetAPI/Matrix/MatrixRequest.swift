public import InsetEngine
import JSONCore
import ServiceKit

/// A decoded `POST /layout/matrix` request: the hierarchy, decoded once as /layout decodes
/// it, and the combinations (device × orientation × systemVersion) to lay it out on.
public struct MatrixRequest: Sendable {
    /// One device, orientation and systemVersion; skipped ones say why.
    public struct Combination: Hashable, Sendable {
        /// The registry id.
        public var device: String
        /// One of the orientations asked for (maybe one the device lacks: then skipped).
        public var orientation: Orientation
        /// The iOS version simulated.
        public var systemVersion: Double
        /// Why the hierarchy is not valid on this combination (it is then listed in
        /// `skipped`), or nil.
        public var skipReason: String?
    }

    /// Every combination in the answer's order (devices × orientations × versions),
    /// skipped ones included.
    public var combinations: [Combination]
    /// The hierarchy as /layout decodes it on the first combination not skipped; `nil`
    /// when every one is.
    public var layout: DecodedLayoutRequest?
    /// The number of nodes in the hierarchy.
    public var nodeCount: Int
    /// The matrix body, parsed once: each combination's /layout request is decoded from it
    /// with the combination's `device`, `orientation` and `systemVersion`.
    let document: JSONDocument
    /// The /layout decoder each combination goes through.
    let decoder: LayoutRequestDecoder
    /// Whether the app hides the status bar (`statusBarHidden`), part of each environment.
    let statusBarHidden: Bool

    /// What `combination` sets of the matrix body's /layout members: its device,
    /// orientation and systemVersion, in place of the matrix's own members.
    static func fixed(_ combination: Combination) -> LayoutRequestDecoder.FixedMembers {
        LayoutRequestDecoder.FixedMembers(
            device: combination.device, orientation: combination.orientation, systemVersion: combination.systemVersion,
            passedOver: MatrixDecodingKeys.keys
        )
    }

    /// The /layout request of `combination` (not a skipped one): what `POST /layout`
    /// decodes from the matrix body with `device`, `orientation` and `systemVersion` set to
    /// the combination's (so a `window` preset and a keyboard's height are taken on its
    /// screen), read from the parsed body again, never from its bytes. Nil for a
    /// combination that does not decode.
    public func layoutRequest(for combination: Combination) -> DecodedLayoutRequest? {
        // Without a window or a keyboard, decoding reads nothing of the screen: the first
        // request, with the combination's environment and version, is what its body gives.
        if let layout, layout.request.window == nil, layout.request.keyboard == nil {
            guard let environment = decoder.devices.environment(
                id: combination.device, orientation: combination.orientation,
                systemVersion: combination.systemVersion, statusBarHidden: statusBarHidden
            ) else { return nil }
            var request = layout.request
            request.environment = environment
            request.systemVersion = combination.systemVersion
            return DecodedLayoutRequest(device: combination.device, orientation: combination.orientation, request: request, hasSteps: false)
        }
        guard case .decoded(let decoded) = decoder.decodeCombination(document, fixed: Self.fixed(combination)) else { return nil }
        return decoded
    }
}
