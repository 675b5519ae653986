extension Duration {
    /// The duration in seconds, as a `Double` (for `Thread.sleep`, timeouts and metrics).
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
