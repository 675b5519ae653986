/// Edge insets in points, as `UIEdgeInsets`: physical edges, never flipped by layout direction.
public struct Insets: Hashable, Sendable, EdgeAddressable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Creates insets; every edge defaults to 0.
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All four edges 0. (Computed, and inlined where used: a stored static would be read
    /// through a check that it is initialised, at every use.)
    @inlinable public static var zero: Insets { Insets() }
}

/// Direction-relative insets, as `NSDirectionalEdgeInsets`.
public struct DirectionalInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    /// Creates directional insets; every edge defaults to 0.
    @inlinable public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// All four edges 0 (computed, as `Insets.zero`).
    @inlinable public static var zero: DirectionalInsets { DirectionalInsets() }
}

/// A rectangle in points, as `CGRect` (origin top-left, y grows downwards).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var size: Size { Size(width: width, height: height) }
}

/// A size in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    /// Creates a size.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Width and height 0 (computed, as `Insets.zero`).
    @inlinable public static var zero: Size { Size(width: 0, height: 0) }
}

/// A point in points.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One physical edge, in the API's fixed order: top, left, bottom, right.
public enum Edge: String, CaseIterable, Hashable, Sendable {
    case top, left, bottom, right
}

/// A set of edges (`UIRectEdge`), e.g. a view controller's `edgesForExtendedLayout`.
public struct EdgeSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates the set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = EdgeSet(rawValue: 1)
    public static let left = EdgeSet(rawValue: 2)
    public static let bottom = EdgeSet(rawValue: 4)
    public static let right = EdgeSet(rawValue: 8)
    public static let all: EdgeSet = [.top, .left, .bottom, .right]

    /// The set holding one edge.
    public init(_ edge: Edge) {
        switch edge {
        case .top: self = .top
        case .left: self = .left
        case .bottom: self = .bottom
        case .right: self = .right
        }
    }

    /// Whether the set holds `edge`.
    public func contains(_ edge: Edge) -> Bool { contains(EdgeSet(edge)) }
}
