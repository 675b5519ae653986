// Numbers as JSON: integers without a fraction, others in their shortest round-tripping
// form, rounded decimals in plain notation.
extension Cursor {
    /// The most bytes a number takes: `-9223372036854775808` or Swift's longest `Double`
    /// description (`-2.2250738585072014e-308`, 24 bytes).
    @inlinable public static var maxNumberLength: Int { 24 }

    /// Stores a number: integers without a fraction, others in their shortest
    /// round-tripping form, non-finite ones as `null`.
    @inlinable @inline(__always)
    public mutating func number(_ value: Double) {
        // Geometry is mostly small non-negative integers: those below 1,000 are copied from a
        // table, every other number takes the call. Adding 2^52 to a `Double` in [0, 2^52)
        // rounds it to an integer that the sum's bit pattern holds in its low bits; the
        // difference of the patterns is out of range for any other value (negative, NaN,
        // infinite or larger), and the integer is the value when subtracting 2^52 again gives
        // it back (`-0` gives 0, equal to it, and is written as `0`).
        let shifted = value + 0x1p52
        let integer = shifted.bitPattern &- (0x1p52 as Double).bitPattern
        if integer < 1000, shifted - 0x1p52 == value {
            smallInteger(Int(truncatingIfNeeded: integer))
        } else {
            // The cursor is passed by value, so that it can stay in a register here.
            position += Self.otherNumber(value, at: position)
        }
    }

    /// "0  1", "1  1", … "10 2", … "9993": the integers below 1,000, four bytes each: the
    /// digits padded with spaces to three, then their count.
    @usableFromInline static let smallIntegers: StaticString = """
        0  11  12  13  14  15  16  17  18  19  110 211 212 213 214 215 2\
        16 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 2\
        32 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 2\
        48 249 250 251 252 253 254 255 256 257 258 259 260 261 262 263 2\
        64 265 266 267 268 269 270 271 272 273 274 275 276 277 278 279 2\
        80 281 282 283 284 285 286 287 288 289 290 291 292 293 294 295 2\
        96 297 298 299 2100310131023103310431053106310731083109311031113\
        1123113311431153116311731183119312031213122312331243125312631273\
        1283129313031313132313331343135313631373138313931403141314231433\
        1443145314631473148314931503151315231533154315531563157315831593\
        1603161316231633164316531663167316831693170317131723173317431753\
        1763177317831793180318131823183318431853186318731883189319031913\
        1923193319431953196319731983199320032013202320332043205320632073\
        2083209321032113212321332143215321632173218321932203221322232233\
        2243225322632273228322932303231323232333234323532363237323832393\
        2403241324232433244324532463247324832493250325132523253325432553\
        2563257325832593260326132623263326432653266326732683269327032713\
        2723273327432753276327732783279328032813282328332843285328632873\
        2883289329032913292329332943295329632973298329933003301330233033\
        3043305330633073308330933103311331233133314331533163317331833193\
        3203321332233233324332533263327332833293330333133323333333433353\
        3363337333833393340334133423343334433453346334733483349335033513\
        3523353335433553356335733583359336033613362336333643365336633673\
        3683369337033713372337333743375337633773378337933803381338233833\
        3843385338633873388338933903391339233933394339533963397339833993\
        4003401340234033404340534063407340834093410341134123413341434153\
        4163417341834193420342134223423342434253426342734283429343034313\
        4323433343434353436343734383439344034413442344334443445344634473\
        4483449345034513452345334543455345634573458345934603461346234633\
        4643465346634673468346934703471347234733474347534763477347834793\
        4803481348234833484348534863487348834893490349134923493349434953\
        4963497349834993500350135023503350435053506350735083509351035113\
        5123513351435153516351735183519352035213522352335243525352635273\
        5283529353035313532353335343535353635373538353935403541354235433\
        5443545354635473548354935503551355235533554355535563557355835593\
        5603561356235633564356535663567356835693570357135723573357435753\
        5763577357835793580358135823583358435853586358735883589359035913\
        5923593359435953596359735983599360036013602360336043605360636073\
        6083609361036113612361336143615361636173618361936203621362236233\
        6243625362636273628362936303631363236333634363536363637363836393\
        6403641364236433644364536463647364836493650365136523653365436553\
        6563657365836593660366136623663366436653666366736683669367036713\
        6723673367436753676367736783679368036813682368336843685368636873\
        6883689369036913692369336943695369636973698369937003701370237033\
        7043705370637073708370937103711371237133714371537163717371837193\
        7203721372237233724372537263727372837293730373137323733373437353\
        7363737373837393740374137423743374437453746374737483749375037513\
        7523753375437553756375737583759376037613762376337643765376637673\
        7683769377037713772377337743775377637773778377937803781378237833\
        7843785378637873788378937903791379237933794379537963797379837993\
        8003801380238033804380538063807380838093810381138123813381438153\
        8163817381838193820382138223823382438253826382738283829383038313\
        8323833383438353836383738383839384038413842384338443845384638473\
        8483849385038513852385338543855385638573858385938603861386238633\
        8643865386638673868386938703871387238733874387538763877387838793\
        8803881388238833884388538863887388838893890389138923893389438953\
        8963897389838993900390139023903390439053906390739083909391039113\
        9123913391439153916391739183919392039213922392339243925392639273\
        9283929393039313932393339343935393639373938393939403941394239433\
        9443945394639473948394939503951395239533954395539563957395839593\
        9603961396239633964396539663967396839693970397139723973397439753\
        9763977397839793980398139823983398439853986398739883989399039913\
        99239933994399539963997399839993
        """

    /// Stores the digits of `value` (0..<1000) from ``smallIntegers``: a store of its four
    /// bytes (the room for a number allows it), of which the digits are kept; the last byte
    /// says how many (little-endian: the entry's high byte).
    @inlinable @inline(__always)
    mutating func smallInteger(_ value: Int) {
        let entry = UnsafeRawPointer(Self.smallIntegers.utf8Start).loadUnaligned(fromByteOffset: 4 &* value, as: UInt32.self)
        UnsafeMutableRawPointer(position).storeBytes(of: entry, as: UInt32.self)
        position += Int(truncatingIfNeeded: entry &>> 24) &- Int(UInt8(ascii: "0"))
    }

    /// Stores `value` rounded to `fractionDigits` decimals (0...9) in plain notation,
    /// trailing zeros dropped; falls back to ``number(_:)`` beyond that precision's range.
    @usableFromInline mutating func decimal(_ value: Double, fractionDigits: Int) {
        precondition((0...9).contains(fractionDigits), "fractionDigits must be 0...9")
        var unit = 1
        for _ in 0..<fractionDigits { unit *= 10 }
        let scaled = (abs(value) * Double(unit)).rounded()
        guard scaled < 0x1p53 else {   // also NaN and infinity
            number(value)
            return
        }
        let units = Int(scaled)
        if value < 0, units > 0 { byte(UInt8(ascii: "-")) }
        integer(units / unit)
        var fraction = units % unit, digits = fractionDigits
        guard fraction > 0 else { return }
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        byte(UInt8(ascii: "."))
        // The fraction's digits, zero-padded on the left to `digits`.
        for index in stride(from: digits - 1, through: 0, by: -1) {
            position[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        position += digits
    }

    /// Stores `magnitude` (not negative) from its thousandths when it has at most three
    /// decimals and is below 10^9, in plain notation without trailing zeros (`53.667`, `5.5`,
    /// `1400`); returns false, storing nothing, otherwise (NaN and infinity too). The decimal t / 1000 that reads back
    /// as exactly this magnitude has the fewest decimals of any that does (another as short
    /// lies 0.001 away, far beyond half an ulp), so it is the shortest round-tripping form.
    @inlinable @inline(__always)
    mutating func thousandths(_ magnitude: Double) -> Bool {
        guard magnitude < 1e9 else { return false }
        // Rounded to an integer t by adding 2^52, which leaves t in the sum's low bits (the
        // scaled magnitude is below 2^40): the nearest one unless the scaled value is halfway,
        // which no magnitude of three decimals is (and whether t reads back is checked exactly).
        let shifted = magnitude * 1000 + 0x1p52
        let units = Int(truncatingIfNeeded: shifted.bitPattern &- (0x1p52 as Double).bitPattern)
        guard (shifted - 0x1p52) / 1000 == magnitude else { return false }
        // Most geometry's whole part is below 1,000: from the table.
        let whole = units / 1000, fraction = units % 1000
        if whole < 1000 { smallInteger(whole) } else { integer(whole) }
        guard fraction != 0 else { return true }
        byte(UInt8(ascii: "."))
        if fraction % 10 != 0 {
            digitPair(fraction / 10)
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10))
        } else if fraction % 100 != 0 {
            digitPair(fraction / 10)
        } else {
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100))
        }
        return true
    }

    /// Stores a number off ``number(_:)``'s fast path at `position`: an integer a `Double`
    /// holds exactly (below 2^53 in magnitude) without a fraction, another finite number in its
    /// shortest round-tripping form (`description`'s), a non-finite one as `null`. Returns the
    /// number of bytes stored.
    @usableFromInline static func otherNumber(_ value: Double, at position: UnsafeMutablePointer<UInt8>) -> Int {
        var out = Cursor(position)
        // Most numbers that come here (a negative integer, a half point, S8's 53.667, an
        // integer from 1,000) have at most three decimals: from their thousandths, without
        // `description`'s String.
        if value < 0 { out.byte(UInt8(ascii: "-")) }
        if out.thousandths(abs(value)) { return out.position - position }
        out = Cursor(position)
        // The magnitude test first, so that the conversion cannot trap (it also rejects NaN).
        if abs(value) < 0x1p53, Double(Int(value)) == value {
            out.integer(Int(value))
        } else if value.isFinite {
            // Most other fractions (sums of those such as 369.66700000000003) from their bits;
            // the rest through it.
            if value < 0 { out.byte(UInt8(ascii: "-")) }
            if !out.shortestFraction(abs(value)) {
                out = Cursor(position)
                var description = value.description
                description.withUTF8 { out.bytes($0) }
            }
        } else {
            out.text("null")
        }
        return out.position - position
    }

    /// Stores the decimal digits of `value` (room for 20 bytes).
    @inlinable @inline(__always)
    mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // Most geometry has up to four digits, found in two tests and written in digit pairs.
        if magnitude < 100 {
            if magnitude < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            } else {
                digitPair(Int(truncatingIfNeeded: magnitude))
            }
        } else if magnitude < 10_000 {
            let small = Int(truncatingIfNeeded: magnitude)
            let high = small / 100
            if high < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high))
            } else {
                digitPair(high)
            }
            digitPair(small % 100)
        } else {
            // By value, so that the cursor can stay in a register here.
            position += Self.largeMagnitude(magnitude, at: position)
        }
    }

    /// "00", "01", … "99": two digits at a time.
    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Stores the two digits of `pair` (0...99).
    @inlinable @inline(__always)
    mutating func digitPair(_ pair: Int) {
        let digits = UnsafeRawPointer(Self.digitPairs.utf8Start).loadUnaligned(fromByteOffset: 2 * pair, as: UInt16.self)
        UnsafeMutableRawPointer(position).storeBytes(of: digits, as: UInt16.self)
        position += 2
    }

    /// Stores the digits of a magnitude of five digits or more at `position` (room for 20
    /// bytes); returns their number.
    @usableFromInline static func largeMagnitude(_ magnitude: UInt, at position: UnsafeMutablePointer<UInt8>) -> Int {
        // Digits backwards from the end of the room, then moved to its start (forwards: the
        // regions may overlap).
        var rest = magnitude, digitCount = 0
        repeat {
            position[19 - digitCount] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            digitCount += 1
            rest /= 10
        } while rest > 0
        for index in 0..<digitCount { position[index] = position[20 - digitCount + index] }
        return digitCount
    }
}
