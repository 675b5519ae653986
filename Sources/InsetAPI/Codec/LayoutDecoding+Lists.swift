import InsetEngine
import JSONCore
import ServiceKit

/// What one node of a `/layout` body gives of lists and the keyboard, as read.
struct ListReading {
    /// The members given (not null), by field.
    var members: [LayoutSchema.NodeField: JSONMember] = [:]
    var table = TableProperties()
    var row = RowProperties()
    var layout: CollectionLayout?
    var keyboardLayoutGuide: KeyboardGuideOptions?

    var isEmpty: Bool { members.isEmpty }
}

/// Lists and the keyboard in a `/layout` body (API.md "POST /layout: windows, split views,
/// lists and the keyboard"): the fields read, and the rules inside their objects. Which
/// kinds take them and when (`LayoutRules`) is checked with the node's other rules. The
/// fast path gives up on every body using them.
extension LayoutDecoding {
    /// Reads the list or keyboard field `key` of a node (`member`) into `lists`.
    mutating func listField(_ key: LayoutSchema.NodeField, _ member: JSONMember, into lists: inout ListReading) {
        let value = member.value
        guard !reader.isNull(value) else { return }
        lists.members[key] = member
        switch key {
        case .y: lists.row.y = reader.number(value)
        case .height: lists.row.height = reader.number(value, .nonNegative) ?? 44
        case .style: lists.table.style = reader.word(value, schema.tableStyles) ?? .plain
        case .insetsContentViewsToSafeArea: lists.table.insetsContentViewsToSafeArea = reader.bool(value) ?? true
        case .cellLayoutMarginsFollowReadableWidth: lists.table.cellLayoutMarginsFollowReadableWidth = reader.bool(value)
        case .separatorInset:
            let inset = separatorInset(value)
            lists.table.separatorInset = inset
            lists.row.separatorInset = inset
        case .separatorInsetReference: lists.table.separatorInsetReference = reader.word(value, schema.separatorReferences) ?? .fromCellEdges
        case .layout: lists.layout = collectionLayout(value)
        case .keyboardLayoutGuide: lists.keyboardLayoutGuide = keyboardGuide(value)
        default: break
        }
    }

    /// Fills `view`'s list properties and `keyboardLayoutGuide` from what was read (a
    /// collection view's layout into `collectionLayouts`, under the index `view` is
    /// appended at), and checks the rules inside the `layout` and `keyboardLayoutGuide`
    /// objects that depend on the systemVersion (`LayoutRules` checks those between the
    /// node's fields).
    mutating func finishLists(_ lists: ListReading, node: JSONValue, into view: inout ViewHierarchy.View) {
        guard !lists.isEmpty else { return }
        let kind = view.kind
        if let member = lists.members[.keyboardLayoutGuide], let systemVersion, systemVersion >= 15, systemVersion < 17,
           document.kind(of: member.value) == .object,
           let uses = document.members(of: member.value).first(where: { !document.isSupersededKey($0.key) && document.string($0.key) == "usesBottomSafeArea" }),
           !reader.isNull(uses.value) {
            reader.invalid("needs systemVersion 17 or later", at: document.startOffset(of: uses.key), in: member.value, key: "usesBottomSafeArea", varies: true)
        }
        if let member = lists.members[.layout], kind == .collectionView, document.kind(of: member.value) == .object {
            checkLayoutVersion(member.value, layout: lists.layout)
        }
        if kind == .tableView { view.table = lists.table }
        if kind.isRow { view.row = lists.row }
        if kind == .collectionView, let layout = lists.layout { collectionLayouts[views.count] = layout }
        view.keyboardLayoutGuide = lists.keyboardLayoutGuide
    }

    /// A collection layout's version rules: the compositional type needs 14, a flow
    /// layout's `sectionInsetReference` 11.
    private mutating func checkLayoutVersion(_ value: JSONValue, layout: CollectionLayout?) {
        if case .compositional? = layout, LayoutRules.version(systemVersion, isBefore: 14), let type = member(.type, of: value, in: schema.collectionLayout) {
            reader.invalid("the compositional layout needs systemVersion 14 or later", value: type.value, varies: true)
        }
        if case .flow? = layout, LayoutRules.version(systemVersion, isBefore: 11), let reference = member(.sectionInsetReference, of: value, in: schema.collectionLayout), !reader.isNull(reference.value) {
            reader.invalid("needs systemVersion 11 or later", at: document.startOffset(of: reference.key), in: value, key: "sectionInsetReference", varies: true)
        }
    }

    /// `separatorInset`: `{"left", "right"}`, a key left out is 0.
    private mutating func separatorInset(_ value: JSONValue) -> SeparatorInset? {
        guard reader.expectObject(value) else { return nil }
        var inset = SeparatorInset()
        for member in document.members(of: value) {
            switch reader.field(of: member, in: schema.separator) {
            case .left: inset.left = reader.number(member.value) ?? 0
            case .right: inset.right = reader.number(member.value) ?? 0
            case nil: break
            }
        }
        return inset
    }

    /// The fields of a `keyboardLayoutGuide` object.
    static let keyboardGuideFields = ["followsUndockedKeyboard", "usesBottomSafeArea"]

    /// `keyboardLayoutGuide`: `true`, or its options; `false` counts as absent.
    private mutating func keyboardGuide(_ value: JSONValue) -> KeyboardGuideOptions? {
        if document.kind(of: value) == .object {
            var options = KeyboardGuideOptions()
            // Keys compared as `String`s: `followsUndockedKeyboard` has a `K`, which a key
            // table (compared by bytes) cannot hold.
            for member in document.members(of: value) {
                switch reader.key(of: member) {
                case Self.keyboardGuideFields[0]: options.followsUndockedKeyboard = reader.bool(member.value) ?? false
                case Self.keyboardGuideFields[1]: options.usesBottomSafeArea = reader.bool(member.value) ?? true
                case nil: break
                default: reader.unknownField(member, allowed: Self.keyboardGuideFields)
                }
            }
            return options
        }
        guard let given = document.bool(value) else {
            reader.wrongType(value, expected: "a boolean or an object")
            return nil
        }
        return given ? KeyboardGuideOptions() : nil
    }

    /// A collection view's `layout` (its `type` read first, whatever the members' order; an
    /// unknown type leaves the members of either type unjudged, and the layout unread).
    private mutating func collectionLayout(_ value: JSONValue) -> CollectionLayout? {
        guard reader.expectObject(value) else { return nil }
        var given: LayoutSchema.CollectionLayoutType? = .flow
        if let member = member(.type, of: value, in: schema.collectionLayout), !reader.isNull(member.value) {
            given = reader.word(member.value, schema.collectionLayoutTypes)
        }
        let names = schema.collectionLayout.names
        let allowed = switch given {
        case .flow?: names.filter { $0 != LayoutSchema.CollectionLayoutField.contentInsetsReference.rawValue }
        case .compositional?: names.filter { $0 != LayoutSchema.CollectionLayoutField.sectionInsetReference.rawValue }
        case nil: names
        }
        let type = given ?? .flow
        var flowReference = FlowSectionInsetReference.fromContentInset
        var reference = ContentInsetsReference.automatic
        var flowSections: [Insets] = [.zero]
        var sections: [CompositionalSection] = [CompositionalSection()]
        for member in document.members(of: value) {
            guard let field = reader.field(of: member, in: schema.collectionLayout, allowed: allowed), !reader.isNull(member.value) else { continue }
            switch field {
            case .type:
                break
            case .sectionInsetReference:
                if given == nil {
                    _ = reader.word(member.value, schema.flowReferences)
                } else if type == .flow {
                    flowReference = reader.word(member.value, schema.flowReferences) ?? .fromContentInset
                } else {
                    reader.invalid("only for a flow layout", at: document.startOffset(of: member.key), in: value, key: field.rawValue)
                }
            case .contentInsetsReference:
                if given == nil {
                    _ = reader.word(member.value, schema.contentInsetsReferences)
                } else if type == .compositional {
                    reference = reader.word(member.value, schema.contentInsetsReferences) ?? .automatic
                } else {
                    reader.invalid("only for a compositional layout", at: document.startOffset(of: member.key), in: value, key: field.rawValue)
                }
            case .sections:
                guard document.kind(of: member.value) == .array else {
                    reader.wrongType(member.value, expected: "an array")
                    continue
                }
                guard document.count(of: member.value) > 0 else {
                    reader.invalid("must hold at least one section", value: member.value)
                    continue
                }
                flowSections = []
                sections = []
                for element in document.elements(of: member.value) {
                    let section = self.section(element, type: given)
                    flowSections.append(section.inset)
                    sections.append(section.compositional)
                }
            }
        }
        guard given != nil else { return nil }
        switch type {
        case .flow: return .flow(flowReference, sections: flowSections)
        case .compositional: return .compositional(reference, sections: sections)
        }
    }

    /// One section of a layout of `type` (`nil`: an unknown type, whose sections' members
    /// are judged for their own form only).
    private mutating func section(_ value: JSONValue, type: LayoutSchema.CollectionLayoutType?) -> (inset: Insets, compositional: CompositionalSection) {
        var inset = Insets.zero
        var section = CompositionalSection()
        guard reader.expectObject(value) else { return (inset, section) }
        let names = schema.section.names
        let allowed = switch type {
        case .flow?: [LayoutSchema.SectionField.sectionInset.rawValue]
        case .compositional?: names.filter { $0 != LayoutSchema.SectionField.sectionInset.rawValue }
        case nil: names
        }
        for member in document.members(of: value) {
            guard let field = reader.field(of: member, in: schema.section, allowed: allowed), !reader.isNull(member.value) else { continue }
            let wanted: LayoutSchema.CollectionLayoutType = field == .sectionInset ? .flow : .compositional
            guard wanted == type ?? wanted else {
                reader.invalid(wanted == .flow ? "only for a flow layout" : "only for a compositional layout", at: document.startOffset(of: member.key), in: value, key: field.rawValue)
                continue
            }
            switch field {
            case .sectionInset: inset = reader.insets(member.value) ?? .zero
            case .contentInsets: section.contentInsets = reader.directionalInsets(member.value) ?? .zero
            case .contentInsetsReference: section.contentInsetsReference = reader.word(member.value, schema.contentInsetsReferences) ?? .automatic
            }
        }
        return (inset, section)
    }

    /// The request's `keyboard`: `{"frame", "docked"}` or `{"height"}`, exactly one of
    /// `frame` and `height`; not on tvOS. A height is made a frame once the screen is known.
    mutating func keyboard(_ value: JSONValue) -> KeyboardReading? {
        guard reader.expectObject(value) else { return nil }
        // Its own form first, then the device (API.md "Errors": both listed).
        let reading = keyboardForm(value)
        if family == .tv {
            reader.invalid("there is no keyboard on tvOS", value: value, varies: true)
            return nil
        }
        return reading
    }

    /// The `keyboard` object's own form: exactly one of `frame` and `height`, `docked` only
    /// with `frame`.
    private mutating func keyboardForm(_ value: JSONValue) -> KeyboardReading? {
        var frame: Rect?, docked: Bool?, height: Double?
        var given: [LayoutSchema.KeyboardField: JSONMember] = [:]
        for member in document.members(of: value) {
            guard let field = reader.field(of: member, in: schema.keyboard), !reader.isNull(member.value) else { continue }
            given[field] = member
            switch field {
            case .frame: frame = reader.rect(member.value)
            case .docked: docked = reader.bool(member.value)
            case .height: height = reader.number(member.value, .nonNegative)
            }
        }
        switch (given[.frame], given[.height]) {
        case (nil, nil):
            reader.invalid("give frame or height", value: value)
            return nil
        case (_?, let height?):
            reader.invalid("give frame or height, not both", at: document.startOffset(of: height.key), in: value, key: "height")
            return nil
        case (nil, _?):
            if let docked = given[.docked] {
                reader.invalid("docked goes only with frame", at: document.startOffset(of: docked.key), in: value, key: "docked")
                return nil
            }
            return height.map(KeyboardReading.height)
        case (_?, nil):
            return frame.map { .keyboard(Keyboard(frame: $0, docked: docked ?? true)) }
        }
    }
}

/// A request's keyboard as read: whole, or a docked one's height (its frame needs the screen).
enum KeyboardReading {
    case keyboard(Keyboard)
    case height(Double)

    /// The keyboard on `screen`.
    func keyboard(on screen: Size) -> Keyboard {
        switch self {
        case .keyboard(let keyboard): keyboard
        case .height(let height): Keyboard(height: height, screen: screen)
        }
    }
}
