/// The interface orientation (`UIInterfaceOrientation` names).
public enum Orientation: String, CaseIterable, Hashable, Sendable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight

    /// Whether the screen's long side is horizontal.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// A size class value (`UIUserInterfaceSizeClass`).
public enum SizeClass: String, Hashable, Sendable {
    case compact, regular
}

/// Horizontal and vertical size classes.
public struct SizeClasses: Hashable, Sendable {
    public var horizontal: SizeClass
    public var vertical: SizeClass

    /// Creates the pair.
    public init(horizontal: SizeClass, vertical: SizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// How `leading` and `trailing` map to left and right.
public enum LayoutDirection: String, Hashable, Sendable {
    case leftToRight, rightToLeft
}

/// `UIScrollView.ContentInsetAdjustmentBehavior`.
public enum ContentInsetAdjustmentBehavior: String, CaseIterable, Hashable, Sendable {
    case automatic, scrollableAxes, never, always
}

/// Where an inset contribution comes from (the `source` of an `explain` entry, API.md).
public enum InsetSource: String, Hashable, Sendable {
    case statusBar, sensorHousing, homeIndicator, overscan, screen
    case navigationBar, toolbar, tabBar
    case additionalSafeAreaInsets, offset, frozen, scrollViewConsumed, floor
    case primaryColumn
    /// Where a navigation bar starts relative to its container's safe-area top (S8, V7).
    case navigationBarOffset
}

/// One contribution to an inset: its source and signed value in points.
public struct Contribution: Hashable, Sendable {
    public var source: InsetSource
    public var value: Double

    /// Creates a contribution.
    public init(_ source: InsetSource, _ value: Double) {
        self.source = source
        self.value = value
    }
}

/// Per edge, the contributions in the order they were applied; each list sums to that edge's inset.
public struct Explanation: Hashable, Sendable, EdgeAddressable {
    public var top: [Contribution]
    public var left: [Contribution]
    public var bottom: [Contribution]
    public var right: [Contribution]

    /// Creates an explanation; every edge defaults to no contributions.
    public init(top: [Contribution] = [], left: [Contribution] = [], bottom: [Contribution] = [], right: [Contribution] = []) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No contribution on any edge.
    public static let empty = Explanation()

}

/// An explanation behind one reference, for a value copied often: a copy retains one
/// object, where an ``Explanation`` retains its four lists. Immutable, so it is a value as
/// ``Explanation`` is (compared and hashed by its contents).
public final class SharedExplanation: Hashable, Sendable {
    /// The explanation.
    public let explanation: Explanation

    /// Holds `explanation`.
    public init(_ explanation: Explanation) {
        self.explanation = explanation
    }

    public static func == (lhs: SharedExplanation, rhs: SharedExplanation) -> Bool {
        lhs === rhs || lhs.explanation == rhs.explanation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(explanation)
    }
}

/// A value per physical edge (`top`, `left`, `bottom`, `right`), also addressable by
/// `Edge`: insets, explanations, per-edge indices.
public protocol EdgeAddressable {
    /// What each edge holds.
    associatedtype EdgeValue
    /// The value on the top edge.
    var top: EdgeValue { get set }
    /// The value on the left edge.
    var left: EdgeValue { get set }
    /// The value on the bottom edge.
    var bottom: EdgeValue { get set }
    /// The value on the right edge.
    var right: EdgeValue { get set }
}

extension EdgeAddressable {
    /// The value on one edge.
    @inlinable public subscript(edge: Edge) -> EdgeValue {
        get {
            switch edge {
            case .top: top
            case .left: left
            case .bottom: bottom
            case .right: right
            }
        }
        set {
            switch edge {
            case .top: top = newValue
            case .left: left = newValue
            case .bottom: bottom = newValue
            case .right: right = newValue
            }
        }
    }
}
