extension FilterConstants {
    /// Checks that `cutoff` lies below the Nyquist frequency, `rate` ÷ 2.
    ///
    /// The formulas themselves accept any positive numbers (α only tends to 1 or 0), so a cutoff of
    /// 1000 Hz at 60 Hz would run silently and mean nothing; callers taking numbers from a user check first.
    public static func checkCutoff(_ cutoff: Double, rate: Double) throws(FilterSettingsError) {
        guard cutoff < rate / 2 else { throw .cutoffNotBelowNyquist(cutoff: cutoff, rate: rate) }
    }
}
