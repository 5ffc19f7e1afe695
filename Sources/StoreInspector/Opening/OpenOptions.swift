/// How hard the inspector guards itself when it opens a store.
public struct OpenOptions: Sendable {
    /// The longest any one query may run before it is stopped, in seconds.
    public var timeLimit: Double
    /// Whether to run `PRAGMA quick_check` right after opening (on by default; DESIGN.md §4).
    public var runsQuickCheck: Bool

    /// The defaults: a 300-second time limit and a quick check.
    public init(timeLimit: Double = 300, runsQuickCheck: Bool = true) {
        self.timeLimit = timeLimit
        self.runsQuickCheck = runsQuickCheck
    }
}
