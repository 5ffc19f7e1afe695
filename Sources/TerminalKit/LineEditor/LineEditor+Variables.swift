import CReadline

extension LineEditor {
    /// Sets one of readline's variables, as a `set NAME VALUE` line in `~/.inputrc` does, for a
    /// program whose prompt depends on it (`enable-bracketed-paste`, `show-all-if-ambiguous`, …).
    ///
    /// Call it before the first ``readLine(prompt:)``: readline reads the user's own inputrc when
    /// it first starts, after this, so a setting the user made there still wins.
    ///
    /// - Returns: false when readline does not know the variable.
    @discardableResult
    public func setVariable(_ name: String, to value: String) -> Bool {
        rl_variable_bind(name, value) == 0
    }
}
