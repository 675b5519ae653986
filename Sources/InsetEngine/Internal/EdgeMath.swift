/// Edge-wise arithmetic and rectangle helpers used throughout the engine.

extension Insets {
    /// Edge-wise sum.
    static func + (lhs: Insets, rhs: Insets) -> Insets {
        Insets(top: lhs.top + rhs.top, left: lhs.left + rhs.left, bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
    }

    /// Edge-wise difference.
    static func - (lhs: Insets, rhs: Insets) -> Insets {
        Insets(top: lhs.top - rhs.top, left: lhs.left - rhs.left, bottom: lhs.bottom - rhs.bottom, right: lhs.right - rhs.right)
    }

    /// Edge-wise maximum.
    func edgewiseMax(_ other: Insets) -> Insets {
        Insets(
            top: Swift.max(top, other.top), left: Swift.max(left, other.left),
            bottom: Swift.max(bottom, other.bottom), right: Swift.max(right, other.right)
        )
    }

    /// These insets with every edge outside `edges` set to 0.
    func keeping(_ edges: EdgeSet) -> Insets {
        Insets(
            top: edges.contains(.top) ? top : 0,
            left: edges.contains(.left) ? left : 0,
            bottom: edges.contains(.bottom) ? bottom : 0,
            right: edges.contains(.right) ? right : 0
        )
    }

    /// How far each edge of `frame` lies inside the matching edge of `bounds` (both in the
    /// same coordinate space): `d_e` of rule S3, negative when the edge lies outside.
    static func distances(of frame: Rect, in bounds: Rect) -> Insets {
        Insets(
            top: frame.minY - bounds.minY,
            left: frame.minX - bounds.minX,
            bottom: bounds.maxY - frame.maxY,
            right: bounds.maxX - frame.maxX
        )
    }

    /// Physical insets from directional ones: leading is left in left-to-right layouts and
    /// right in right-to-left ones (UIView.h); top and bottom never flip.
    init(_ directional: DirectionalInsets, direction: LayoutDirection) {
        switch direction {
        case .leftToRight:
            self.init(top: directional.top, left: directional.leading, bottom: directional.bottom, right: directional.trailing)
        case .rightToLeft:
            self.init(top: directional.top, left: directional.trailing, bottom: directional.bottom, right: directional.leading)
        }
    }
}

extension DirectionalInsets {
    /// Directional insets from physical ones (the inverse of `Insets.init(_:direction:)`).
    @inlinable init(_ physical: Insets, direction: LayoutDirection) {
        switch direction {
        case .leftToRight:
            self.init(top: physical.top, leading: physical.left, bottom: physical.bottom, trailing: physical.right)
        case .rightToLeft:
            self.init(top: physical.top, leading: physical.right, bottom: physical.bottom, trailing: physical.left)
        }
    }
}

extension Rect {
    /// The rectangle at `origin` with `size`.
    init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The top-left corner.
    var origin: Point { Point(x: x, y: y) }

    /// The rectangle inset by `insets`; width and height never go below 0 (layout guides).
    @inlinable func inset(by insets: Insets) -> Rect {
        Rect(
            x: x + insets.left,
            y: y + insets.top,
            width: Swift.max(0, width - insets.left - insets.right),
            height: Swift.max(0, height - insets.top - insets.bottom)
        )
    }
}

extension EdgeSet {
    /// The edges in the API's fixed order (top, left, bottom, right).
    var orderedEdges: [Edge] { Edge.allCases.filter { contains($0) } }
}

extension Rect {
    /// RULES.md R1: the readable content guide of a view whose layout-margins guide this
    /// is: min(672, its width) wide, centred in it, as tall (only the default text size is
    /// modelled).
    var readableContentGuide: Rect {
        let readableWidth = Swift.min(672, width)
        return Rect(x: x + (width - readableWidth) / 2, y: y, width: readableWidth, height: height)
    }
}
