import Foundation
import InsetEngine
import JSONCore
import ServiceKit

/// The `User-Agent` Safari sends on an iPhone or iPad at a systemVersion, for
/// `GET /devices?format=playwright` (API.md): sourced strings where a source prints one, else
/// the nearest sourced string of the same form with its version tokens set to the version
/// asked for, and a note that says so (the profile's `notes` in `GET /devices/{id}` carry it).
enum SafariUserAgent {
    /// The three forms Safari's string takes: an iPhone's; an iPad's before iPadOS 13; and,
    /// from iPadOS 13, when Safari asks for desktop sites by default, the Mac's.
    enum Form: Hashable, Sendable {
        case iPhone, iPad, mac
    }

    /// A string a source prints, for one Safari on one system version.
    struct Anchor: Hashable, Sendable {
        var form: Form
        /// The system version the source observed it on.
        var systemVersion: Double
        var userAgent: String
        /// The OS token as written in `userAgent` (`18_6`, `10_15_7`), and whether Safari froze
        /// it (it then stays whatever the version: the Mac's token always, iOS's from 26).
        var osToken: String
        var osTokenFrozen: Bool
        /// The `Version/` token's value as written (`13.0.1`).
        var safariVersion: String
        var source: String
    }

    /// One answer: the string and, when it is derived, the note that says from what.
    struct Resolved: Hashable, Sendable {
        var userAgent: String
        var note: String?
    }

    private static let puppeteerDevices = "https://github.com/puppeteer/puppeteer/blob/main/packages/puppeteer-core/src/common/Device.ts"
    private static let webKitSafari26 = "https://pxlnv.com/linklog/ios-26-adoption-statcounter-followup/ (quoting the WebKit blog's Safari 26.0 post)"

    /// Every sourced string, oldest first within a form.
    static let anchors: [Anchor] = [
        Anchor(form: .iPhone, systemVersion: 7.1, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 7_1_2 like Mac OS X) AppleWebKit/537.51.2 (KHTML, like Gecko) Version/7.0 Mobile/11D257 Safari/9537.53",
               osToken: "7_1_2", osTokenFrozen: false, safariVersion: "7.0", source: puppeteerDevices + " (iPhone 4)"),
        Anchor(form: .iPhone, systemVersion: 10.3, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 10_3_1 like Mac OS X) AppleWebKit/603.1.30 (KHTML, like Gecko) Version/10.0 Mobile/14E304 Safari/602.1",
               osToken: "10_3_1", osTokenFrozen: false, safariVersion: "10.0", source: puppeteerDevices + " (iPhone 5)"),
        Anchor(form: .iPhone, systemVersion: 11, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Mobile/15A372 Safari/604.1",
               osToken: "11_0", osTokenFrozen: false, safariVersion: "11.0", source: puppeteerDevices + " (iPhone 6)"),
        Anchor(form: .iPhone, systemVersion: 13.7, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 13_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1 Mobile/15E148 Safari/604.1",
               osToken: "13_7", osTokenFrozen: false, safariVersion: "13.1", source: puppeteerDevices + " (iPhone 11)"),
        Anchor(form: .iPhone, systemVersion: 18.6, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
               osToken: "18_6", osTokenFrozen: false, safariVersion: "18.6", source: webKitSafari26),
        // From Safari 26 the OS token no longer follows the system (WebKit: it "no longer
        // lists the current version of the operating system").
        Anchor(form: .iPhone, systemVersion: 26, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1",
               osToken: "18_6", osTokenFrozen: true, safariVersion: "26.0", source: webKitSafari26),
        Anchor(form: .iPhone, systemVersion: 26.3, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.3 Mobile/15E148 Safari/604.1",
               osToken: "18_7", osTokenFrozen: true, safariVersion: "26.3", source: "https://pxlnv.com/linklog/ios-26-adoption-statcounter-followup/ (iOS 26.3: iPhone OS 18_7, Version/26.3 Mobile/15E148 Safari)"),
        Anchor(form: .iPad, systemVersion: 11, userAgent: "Mozilla/5.0 (iPad; CPU OS 11_0 like Mac OS X) AppleWebKit/604.1.34 (KHTML, like Gecko) Version/11.0 Mobile/15A5341f Safari/604.1",
               osToken: "11_0", osTokenFrozen: false, safariVersion: "11.0", source: puppeteerDevices + " (iPad)"),
        Anchor(form: .mac, systemVersion: 13.1, userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.1 Safari/605.1.15",
               osToken: "10_15", osTokenFrozen: true, safariVersion: "13.0.1", source: "https://intrepidgeeks.com/tutorial/useragent-of-ipados (iPadOS 13.1.3, full screen)"),
        Anchor(form: .mac, systemVersion: 17.2, userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
               osToken: "10_15_7", osTokenFrozen: true, safariVersion: "17.2", source: "https://www.dev-toolbox.tech/tools/user-agent-parser/examples/parse-safari-user-agent (Safari 17.2's Mac string, which iPadOS sends)"),
    ]

    /// The form Safari's string takes on `family` at `systemVersion`; nil on tvOS, which has
    /// no Safari.
    static func form(_ family: DeviceFamily, systemVersion: Double) -> Form? {
        switch family {
        case .iphone: .iPhone
        case .ipad: systemVersion >= 13 ? .mac : .iPad
        case .tv: nil
        }
    }

    /// Safari's string on `family` at `systemVersion`: the anchor observed on that version
    /// (its major and minor), else the nearest anchor of the form (the older on a tie) with
    /// its `Version/` token, and its OS token unless frozen, set to `systemVersion`.
    static func resolve(_ family: DeviceFamily, systemVersion: Double) -> Resolved? {
        guard let form = form(family, systemVersion: systemVersion) else { return nil }
        let candidates = anchors.filter { $0.form == form }
        guard let nearest = candidates.min(by: { abs($0.systemVersion - systemVersion) < abs($1.systemVersion - systemVersion) }) else { return nil }
        if nearest.systemVersion == systemVersion { return Resolved(userAgent: nearest.userAgent, note: nil) }

        let version = dotted(systemVersion)
        var userAgent = nearest.userAgent.replacingFirst("Version/\(nearest.safariVersion)", with: "Version/\(version)")
        if !nearest.osTokenFrozen {
            userAgent = userAgent.replacingFirst(" OS \(nearest.osToken) ", with: " OS \(version.replacingAll(".", with: "_")) ")
        }
        let platform = form == .iPhone ? "iOS" : (systemVersion >= 13 ? "iPadOS" : "iOS")
        let frozen = nearest.osTokenFrozen ? " (its OS token \(nearest.osToken) is frozen and kept)" : ""
        let note = "userAgent (GET /devices?format=playwright) for \(platform) \(version) is not sourced: derived from Safari's string on \(platform) \(dotted(nearest.systemVersion)), "
            + "\(nearest.source), with its version set to \(version)\(frozen)"
        return Resolved(userAgent: userAgent, note: note)
    }

    /// `27.1` → `27.1`, `18` → `18.0`: the version as Safari's tokens write it.
    static func dotted(_ value: Double) -> String {
        var writer = JSONWriter(capacity: 16)
        writer.number(value)
        let text = writer.string
        return text.contains(".") ? text : text + ".0"
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }

    func replacingAll(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
