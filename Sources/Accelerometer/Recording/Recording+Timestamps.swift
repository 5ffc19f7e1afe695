extension Recording {
    /// The samples whose timestamp is not later than the one before, in order.
    ///
    /// A clock that repeats or goes back (a reset, a CSV sorted wrongly, rows pasted twice) makes
    /// durations, gaps and `--timestamps` filtering meaningless, so it is reported as a problem. A
    /// recording without a timestamp channel has nothing to report: its times come from the rate.
    public func timestampIssues(in samples: [AccelerationSample]) -> [RecordingIssue] {
        var issues: [RecordingIssue] = []
        for (previous, sample) in zip(samples, samples.dropFirst()) {
            guard let now = sample.timestampNanoseconds, let before = previous.timestampNanoseconds, now <= before
            else { continue }
            issues.append(
                .timestampNotIncreasing(
                    sample: sample.number, byteOffset: dataOffset + sample.number * layout.scanSize, time: sample.time,
                    previousTime: previous.time))
        }
        return issues
    }

    /// Every problem found in the recording and its samples: ``issues`` (a truncated last scan), then
    /// timestamps that do not increase, then values beyond ±16 g.
    public func problems(in samples: [AccelerationSample]) -> [RecordingIssue] {
        issues + timestampIssues(in: samples) + rangeIssues(in: samples)
    }
}

extension Array where Element == AccelerationSample {
    /// The seconds the samples' times span, from the earliest to the latest (0 for one sample).
    ///
    /// Not simply last minus first: when timestamps go back, the last sample is not the latest.
    public var timeSpan: Double {
        guard let first = self.first else { return 0 }
        var (earliest, latest) = (first.time, first.time)
        for sample in self {
            earliest = Swift.min(earliest, sample.time)
            latest = Swift.max(latest, sample.time)
        }
        return latest - earliest
    }
}
