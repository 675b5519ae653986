// The pass's keyboard and collection-section rules (RULES.md K1–K3, C3–C4).
extension LayoutPass {
    /// What lists and the keyboard add to a node that is not a row: a collection view's
    /// sections, the keyboard layout guide it asked for; `nil` when neither applies.
    func listParts(
        of node: FlatNode, in tree: FlatTree, window: Rect, bounds: Rect, safeArea: Insets, margins: Insets, scroll: ScrollNodeResult?
    ) -> (sections: SectionsResult?, keyboardLayoutGuide: Rect?)? {
        let options = tree.keyboardLayoutGuide(of: node.index)
        let isCollection = node.kind == .collectionView && scroll != nil
        // Most nodes here are a row's subviews, with neither part.
        guard isCollection || options != nil else { return nil }
        var sections: SectionsResult?
        if isCollection, let scroll {
            sections = self.sections(tree.collectionLayout(of: node.index) ?? .standard, adjusted: scroll.adjustedContentInset, safeArea: safeArea, margins: margins, bounds: bounds)
        }
        return (sections, options.map { keyboardLayoutGuide($0, bounds: bounds, window: window, safeArea: safeArea) })
    }

    /// K1–K3: the view's keyboard layout guide, in its bounds coordinates. The keyboard's
    /// frame is in the app window's coordinates (``LayoutStates`` moves it there).
    func keyboardLayoutGuide(_ options: KeyboardGuideOptions, bounds: Rect, window: Rect, safeArea: Insets) -> Rect {
        // K1: the guide at rest, the safe-area bottom (or the bottom edge alone).
        let restingTop = bounds.maxY - (options.usesBottomSafeArea ? safeArea.bottom : 0)
        let rest = Rect(x: bounds.x, y: restingTop, width: bounds.width, height: bounds.maxY - restingTop)
        guard let keyboard else { return rest }
        let converted = Rect(
            x: keyboard.frame.x - window.x + bounds.x, y: keyboard.frame.y - window.y + bounds.y,
            width: keyboard.frame.width, height: keyboard.frame.height
        )
        if keyboard.docked {
            // K2: a keyboard that does not reach the view (its top at or below the view's
            // bottom) leaves K1's guide, above the view's top or not; one that does puts the
            // guide's top at its own, never below K1's and never above the view's top.
            guard converted.minY < bounds.maxY else { return rest }
            let top = Swift.max(bounds.minY, Swift.min(converted.minY, restingTop))
            return Rect(x: bounds.x, y: top, width: bounds.width, height: bounds.maxY - top)
        }
        // K3: an undocked keyboard is followed only when asked for; else K1.
        return options.followsUndockedKeyboard ? converted : rest
    }

    /// C3 (flow) and C4 (compositional): where each section's content starts, as distances
    /// from the collection view's bounds edges at the resting offset, and why.
    func sections(_ layout: CollectionLayout, adjusted: Insets, safeArea: Insets, margins: Insets, bounds: Rect) -> SectionsResult {
        var insets: [Insets] = []
        var explain: [SectionExplanation] = []
        switch layout {
        case .flow(let reference, let sections):
            for sectionInset in sections {
                var result = Insets.zero
                var why = Self.explanation(reference.rawValue)
                for edge in Edge.allCases {
                    switch reference {
                    case .fromContentInset:
                        result[edge] = adjusted[edge] + sectionInset[edge]
                    case .fromSafeArea, .fromLayoutMargins:
                        // "The minimum value of this property is always the collection view's
                        // contentInset": the content inset wins over a smaller sum.
                        let sum = (reference == .fromSafeArea ? safeArea[edge] : margins[edge]) + sectionInset[edge]
                        let clamped = adjusted[edge] > sum
                        result[edge] = clamped ? adjusted[edge] : sum
                        why[edge].clampedToContentInset = clamped
                    }
                }
                insets.append(result)
                explain.append(why)
            }
        case .compositional(let layoutReference, let sections):
            // The readable guide's (R1) distances from the bounds on the left and right (where
            // the margins guide has no width left, it is still centred in it); the margins on
            // the top and bottom.
            let readableGuide = bounds.inset(by: margins).readableContentGuide
            let readable = Insets(top: margins.top, left: readableGuide.minX - bounds.minX, bottom: margins.bottom, right: bounds.maxX - readableGuide.maxX)
            for section in sections {
                var reference = section.contentInsetsReference == .automatic ? layoutReference : section.contentInsetsReference
                if reference == .automatic { reference = .safeArea }
                let inset = Insets(section.contentInsets, direction: direction)
                var result = Insets.zero
                var why = Self.explanation(reference.rawValue)
                for edge in Edge.allCases {
                    switch reference {
                    case .none:
                        result[edge] = adjusted[edge] + inset[edge]
                    case .automatic, .safeArea:
                        why[edge].clampedToContentInset = adjusted[edge] > safeArea[edge]
                        result[edge] = Swift.max(adjusted[edge], safeArea[edge]) + inset[edge]
                    case .layoutMargins:
                        result[edge] = margins[edge] + inset[edge]
                    case .readableContent:
                        result[edge] = readable[edge] + inset[edge]
                    }
                }
                insets.append(result)
                explain.append(why)
            }
        }
        return SectionsResult(insets: insets, explain: explain)
    }

    /// Every edge decided by `reference`, unclamped.
    private static func explanation(_ reference: String) -> SectionExplanation {
        let edge = SectionEdgeExplanation(reference: reference, clampedToContentInset: false)
        return SectionExplanation(top: edge, left: edge, bottom: edge, right: edge)
    }
}
