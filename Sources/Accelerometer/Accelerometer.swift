/// Accelerometer: Linux IIO sources, recordings, the iPhone course's filters and plots (DESIGN.md §6).
public enum AccelerometerModule {}
