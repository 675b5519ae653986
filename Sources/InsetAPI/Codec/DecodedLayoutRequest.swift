import InsetEngine
import ServiceKit

/// A decoded `POST /layout` request: the engine's request and what the response echoes.
public struct DecodedLayoutRequest: Hashable, Sendable {
    /// The registry id, or `"custom"` for a custom `screen`.
    public var device: String
    /// The orientation as given or defaulted (a custom screen echoes it without applying it).
    public var orientation: Orientation
    /// The validated request, its environment resolved.
    public var request: LayoutRequest
    /// Whether the body gave a `steps` array, so that the response answers `steps`, one
    /// state per step: `"steps": []` is answered with `"steps": []`.
    public var hasSteps: Bool

    /// Creates a decoded request; `hasSteps` defaults to whether `request` has any steps.
    public init(device: String, orientation: Orientation, request: LayoutRequest, hasSteps: Bool? = nil) {
        self.device = device
        self.orientation = orientation
        self.request = request
        self.hasSteps = hasSteps ?? !request.steps.isEmpty
    }
}

