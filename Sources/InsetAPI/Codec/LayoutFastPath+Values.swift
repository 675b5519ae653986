import InsetEngine
import JSONCore
import ServiceKit

/// The values of a node the fast path reads: view controllers, bars, edges, words,
/// numbers, insets and rects.
extension LayoutFastPath {
    // MARK: - View controllers

    /// A view controller and the fields it gives.
    mutating func viewController() -> (ViewController, fields: FieldBits)? {
        var controller = ViewController()
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = Self.key(&reader, in: tables.controller, table: LayoutSchema.shared.controller.table, order: &orders.pointee.controller, seen: &seen) else { return nil }
            switch tables.controller[index] {
            case .kind:
                // A split view controller's rules are the validating decoding's alone.
                guard let (word, index) = word(tables.controllerKinds, in: LayoutSchema.shared.controllerKinds, last: lastWords.controllerKind), word != .split else { return nil }
                lastWords.controllerKind = index
                controller.kind = word
            case .additionalSafeAreaInsets:
                guard let insets = insets(.signed) else { return nil }
                controller.additionalSafeAreaInsets = insets
            case .edgesForExtendedLayout:
                guard let edges = edges() else { return nil }
                controller.edgesForExtendedLayout = edges
            case .extendedLayoutIncludesOpaqueBars:
                guard let bool = reader.bool() else { return nil }
                controller.extendedLayoutIncludesOpaqueBars = bool
            case .automaticallyAdjustsScrollViewInsets:
                guard let bool = reader.bool() else { return nil }
                controller.automaticallyAdjustsScrollViewInsets = bool
            case .viewRespectsSystemMinimumLayoutMargins:
                guard let bool = reader.bool() else { return nil }
                controller.viewRespectsSystemMinimumLayoutMargins = bool
            case .navigationBar:
                guard let bar = bar(hiddenByDefault: false, largeTitles: true) else { return nil }
                controller.navigationBar = bar
            case .toolbar:
                guard let bar = bar(hiddenByDefault: true, largeTitles: false) else { return nil }
                controller.toolbar = bar
            case .tabBar:
                guard let bar = bar(hiddenByDefault: false, largeTitles: false) else { return nil }
                controller.tabBar = bar
            case .style, .preferredPrimaryColumnWidth:
                return nil
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        return (controller, seen.read)
    }

    /// `edgesForExtendedLayout`: `"all"`, `"none"` or an array of edges.
    mutating func edges() -> EdgeSet? {
        if let index = reader.string(in: LayoutSchema.shared.edgeWords.table) {
            switch LayoutSchema.shared.edgeWords.words[index] {
            case .allEdges: return .all
            case .noEdges: return []
            }
        }
        var set = EdgeSet()
        guard var more = reader.beginArray() else { return nil }
        while more {
            guard let edge = word(LayoutSchema.shared.edges) else { return nil }
            set.insert(EdgeSet(edge))
            guard let next = reader.nextElement() else { return nil }
            more = next
        }
        return set
    }

    mutating func bar(hiddenByDefault: Bool, largeTitles: Bool) -> BarConfiguration? {
        var bar = BarConfiguration(hidden: hiddenByDefault)
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = Self.key(&reader, in: tables.bar, table: RequestReader.shapes.bar.table, order: &orders.pointee.bar, seen: &seen),
                  let bool = reader.bool() else { return nil }
            switch tables.bar[index] {
            case .hidden: bar.hidden = bool
            case .translucent: bar.translucent = bool
            case .prefersLargeTitles:
                guard largeTitles else { return nil }
                bar.prefersLargeTitles = bool
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        return bar
    }

    // MARK: - Scalars and shapes

    /// One of `words`.
    mutating func word<Word>(_ words: WordTable<Word>) -> Word? {
        reader.string(in: words.table).map { words.words[$0] }
    }

    /// One of `words` (`table`'s, which is read only when no guess holds) and its position,
    /// tried first as the word at `last` (-1 for none): the one this field had last, which
    /// the caller keeps.
    mutating func word<Word>(_ words: ResidentWords<Word>, in table: @autoclosure () -> WordTable<Word>, last: Int) -> (word: Word, index: Int)? {
        reader.string(guessing: words.guesses, expecting: last, in: table().table).map { (words[$0], $0) }
    }

    /// A number that keeps `rule`.
    mutating func number(_ rule: RequestReader.NumberRule) -> Double? {
        guard let number = reader.number(), rule.keeps(number) else { return nil }
        return number
    }

    /// The next key `reader` reads in an object with `fields` (`table`'s guesses; the table is
    /// read only when no guess holds), tried first as the one `order` expects after the object's last
    /// key; `nil` for a key not in the table or repeated (`seen`). Teaches `order` the key's
    /// place. (Static, on the reader and the order as `inout` stored properties: no key path
    /// is applied at run time.) Transparent: marked `@inline(__always)` it stayed a call from
    /// the node walk, 15 % of its keys' cost.
    @_transparent
    static func key<Field>(_ reader: inout PlainJSONReader, in fields: ResidentFields<Field>, table: @autoclosure () -> JSONStringTable,
                           order: inout JSONKeyOrder, seen: inout FieldSet) -> Int? {
        let guesses = seen.expected(by: &order)
        guard let index = reader.key(guessing: fields.guesses, expecting: guesses.first, orElse: guesses.second, in: table()) else { return nil }
        return seen.insert(index, learning: &order) ? index : nil
    }

    /// Insets: every edge optional, default 0.
    mutating func insets(_ rule: RequestReader.NumberRule) -> Insets? {
        guard let (edges, _) = Self.numbers(&reader, in: tables.insets, table: RequestReader.shapes.insets.table, order: &orders.pointee.insets, first: rule, last: rule) else { return nil }
        return Insets(top: edges.first, left: edges.second, bottom: edges.third, right: edges.fourth)
    }

    /// Directional insets: every edge optional, default 0.
    mutating func directionalInsets() -> DirectionalInsets? {
        guard let (edges, _) = Self.numbers(&reader, in: tables.directionalInsets, table: RequestReader.shapes.directionalInsets.table, order: &orders.pointee.directionalInsets, first: .signed, last: .signed) else { return nil }
        return DirectionalInsets(top: edges.first, leading: edges.second, bottom: edges.third, trailing: edges.fourth)
    }

    /// A Rect: all four fields required, width and height not negative. Read first as
    /// clients write it (`x`, `y`, `width`, `height`), each key one comparison.
    mutating func rect() -> Rect? {
        if let (x, y, width, height) = reader.numbers(QuotedKey("x"), QuotedKey("y"), QuotedKey("width"), QuotedKey("height")) {
            let signed = RequestReader.NumberRule.signed, nonNegative = RequestReader.NumberRule.nonNegative
            guard signed.keeps(x), signed.keeps(y), nonNegative.keeps(width), nonNegative.keeps(height) else { return nil }
            return Rect(x: x, y: y, width: width, height: height)
        }
        guard let (fields, given) = Self.numbers(&reader, in: tables.rect, table: RequestReader.shapes.rect.table, order: &orders.pointee.rect, first: .signed, last: .nonNegative), given == 4 else { return nil }
        return Rect(x: fields.first, y: fields.second, width: fields.third, height: fields.fourth)
    }

    /// A Size: both fields required, not negative (a Rect's `x` and `y` are not taken).
    mutating func size() -> Size? {
        if let (width, height) = reader.numbers(QuotedKey("width"), QuotedKey("height")) {
            let rule = RequestReader.NumberRule.nonNegative
            return rule.keeps(width) && rule.keeps(height) ? Size(width: width, height: height) : nil
        }
        guard let (fields, given) = Self.numbers(&reader, in: tables.rect, table: RequestReader.shapes.rect.table, order: &orders.pointee.rect, first: nil, last: .nonNegative), given == 2 else { return nil }
        return Size(width: fields.third, height: fields.fourth)
    }

    /// An object of up to four numbers, the fields of `fields` (`table`'s) in its order: each of the
    /// first two keeps `first` (`nil`: the field is not taken), each of the last two `last`.
    /// The values (0 for a field not given) and how many were given; `nil` for a key not
    /// taken or repeated, or a number that breaks its rule.
    @inline(__always)
    static func numbers<Field>(
        _ reader: inout PlainJSONReader, in fields: ResidentFields<Field>, table: @autoclosure () -> JSONStringTable, order: inout JSONKeyOrder,
        first: RequestReader.NumberRule?, last: RequestReader.NumberRule
    ) -> (values: FourNumbers, given: Int)? {
        var values = FourNumbers()
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = key(&reader, in: fields, table: table(), order: &order, seen: &seen), let rule = index < 2 ? first : last,
                  let value = reader.number(), rule.keeps(value) else { return nil }
            values.set(value, at: index)
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        return (values, seen.count)
    }
}
