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

    @Test func aCutoffBelowHalfTheRateIsAccepted() throws {
        try FilterConstants.checkCutoff(FilterConstants.defaultCutoff, rate: FilterConstants.defaultRate)
        try FilterConstants.checkCutoff(29.9, rate: 60)
        try FilterConstants.checkCutoff(100, rate: 4000)
    }
}
