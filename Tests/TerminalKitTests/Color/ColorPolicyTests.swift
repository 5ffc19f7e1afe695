import TerminalKit
import Testing

@Suite struct ColorPolicyTests {
    @Test func flagWinsOverEverything() {
        let never = ColorPolicy(flag: .never, environment: ["CLICOLOR_FORCE": "1"], isTerminal: true)
        #expect(!never.isEnabled && never.rule == .flag)
        let always = ColorPolicy(flag: .always, environment: ["NO_COLOR": "1", "TERM": "dumb"], isTerminal: false)
        #expect(always.isEnabled && always.rule == .flag)
    }

    @Test func noColorTurnsColourOffUnlessEmpty() {
        #expect(
            ColorPolicy(flag: nil, environment: ["NO_COLOR": "1", "FORCE_COLOR": "1"], isTerminal: true).rule
                == .noColor)
        #expect(ColorPolicy(flag: .auto, environment: ["NO_COLOR": ""], isTerminal: true).rule == .defaultOn)
    }

    @Test func forcingTurnsColourOnEvenIntoAPipe() {
        #expect(ColorPolicy(flag: nil, environment: ["CLICOLOR_FORCE": "1"], isTerminal: false).isEnabled)
        #expect(ColorPolicy(flag: nil, environment: ["FORCE_COLOR": "3", "TERM": "dumb"], isTerminal: false).isEnabled)
        let zero = ColorPolicy(flag: nil, environment: ["CLICOLOR_FORCE": "0"], isTerminal: false)
        #expect(!zero.isEnabled && zero.rule == .notATerminal)
    }

    @Test func dumbTerminalPipeAndCliColorZeroTurnColourOff() {
        #expect(ColorPolicy(flag: nil, environment: ["TERM": "dumb"], isTerminal: true).rule == .dumbTerminal)
        #expect(ColorPolicy(flag: nil, environment: [:], isTerminal: false).rule == .notATerminal)
        #expect(ColorPolicy(flag: nil, environment: ["CLICOLOR": "0"], isTerminal: true).rule == .cliColorOff)
    }

    @Test func terminalWithNothingSetIsColoured() {
        let policy = ColorPolicy(flag: nil, environment: ["TERM": "xterm-256color", "CLICOLOR": "1"], isTerminal: true)
        #expect(policy.isEnabled && policy.rule == .defaultOn)
    }
}
