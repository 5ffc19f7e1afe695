import Testing

@testable import Accelerometer

/// A cutoff must lie below half the sampling rate: samples hold no higher frequency.
@Suite struct FilterCutoffTests {
    @Test func aCutoffAtOrAboveHalfTheRateIsRejectedNamingBothNumbers() {
        #expect(throws: FilterSettingsError.cutoffNotBelowNyquist(cutoff: 1000, rate: 60)) {
            try FilterConstants.checkCutoff(1000, rate: 60)
        }
        #expect(throws: FilterSettingsError.cutoffNotBelowNyquist(cutoff: 30, rate: 60)) {
            try FilterConstants.checkCutoff(30, rate: 60)
        }
        let message = FilterSettingsError.cutoffNotBelowNyquist(cutoff: 1000, rate: 60).description
        #expect(message.hasPrefix("a 1000 Hz cutoff is not below half the 60 Hz sampling rate (30 Hz"))
        #expect(message.hasSuffix("choose a cutoff under 30 Hz"))
    }

    /// `--rate 1e-300` or `--cutoff 1e300` once spelled out every zero (a message of 700 characters).
    @Test func extremeNumbersKeepTheirExponentInTheMessage() {
        let tiny = FilterSettingsError.cutoffNotBelowNyquist(cutoff: 5, rate: 1e-300).description
        #expect(
            tiny == "a 5 Hz cutoff is not below half the 1e-300 Hz sampling rate (5e-301 Hz, the highest "
                + "frequency the samples can hold); choose a cutoff under 5e-301 Hz")
        let huge = FilterSettingsError.cutoffNotBelowNyquist(cutoff: 1e300, rate: 60).description
        #expect(huge.hasPrefix("a 1e+300 Hz cutoff is not below half the 60 Hz sampling rate (30 Hz"))
        #expect(tiny.count < 200 && huge.count < 200)
        let everyday = FilterSettingsError.cutoffNotBelowNyquist(cutoff: 0.5, rate: 0.25).description
        #expect(everyday.hasPrefix("a 0.5 Hz cutoff is not below half the 0.25 Hz sampling rate (0.125 Hz"))
    }

    @Test func aCutoffBelowHalfTheRateIsAccepted() throws {
        try FilterConstants.checkCutoff(FilterConstants.defaultCutoff, rate: FilterConstants.defaultRate)
        try FilterConstants.checkCutoff(29.9, rate: 60)
        try FilterConstants.checkCutoff(100, rate: 4000)
    }
}
