import Testing

@Test func AccelerometerTestTargetBuilds() {
    #expect(Bool(true))
}
