public import DeviceCatalog
public import InsetEngine

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
    /// The hierarchy as /layout decodes it, with the environment of some registry device:
    /// each combination swaps in its own (``layoutRequest(for:in:)``).
    public var layout: DecodedLayoutRequest
    /// Whether the app hides the status bar (`statusBarHidden`), part of each environment.
    public var statusBarHidden: Bool

    /// The number of nodes in the hierarchy.
    public var nodeCount: Int { layout.request.hierarchy.views.count }

    /// The /layout request of `combination` (not a skipped one), its device resolved in
    /// `catalog`: what `POST /layout` decodes from the matrix body with `device`,
    /// `orientation` and `systemVersion` set to the combination's (and `systemVersions`
    /// left out). Nil for a combination the registry cannot resolve.
    public func layoutRequest(for combination: Combination, in catalog: DeviceCatalog) -> DecodedLayoutRequest? {
        guard let environment = catalog.environment(
            id: combination.device, orientation: combination.orientation,
            systemVersion: combination.systemVersion, statusBarHidden: statusBarHidden
        ) else { return nil }
        var request = layout.request
        request.environment = environment
        request.systemVersion = combination.systemVersion
        return DecodedLayoutRequest(device: combination.device, orientation: combination.orientation, request: request, hasSteps: false)
    }
}
