import Foundation

/// The process's own figures, read from `/proc/self` (absent where there is no procfs).
struct ProcessFigures {
    /// Resident memory in bytes.
    var residentBytes: Int?
    /// Open file descriptors.
    var openDescriptors: Int?
    /// User plus system CPU time in seconds.
    var cpuSeconds: Double?

    /// Reads the current figures.
    static func current() -> ProcessFigures {
        var figures = ProcessFigures()
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        if let statm = read("/proc/self/statm"), let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
            figures.residentBytes = pages * pageSize
        }
        if let stat = read("/proc/self/stat"), let close = stat.lastIndex(of: ")") {
            // Fields after the parenthesised command name start at field 3 (state);
            // utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            if fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]), ticks > 0 {
                figures.cpuSeconds = (user + system) / ticks
            }
        }
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            figures.openDescriptors = entries.count
        }
        return figures
    }

    private static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
