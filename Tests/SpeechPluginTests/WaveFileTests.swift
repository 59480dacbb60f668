import SpeechPlugin
import Testing

@Suite struct WaveFileTests {
  @Test func theHeaderDescribes16BitMonoPCM() {
    let wave = WaveFile(sampleRate: 22050, samples: [1, -2])
    let bytes = wave.bytes
    #expect(bytes.count == 48)
    #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
    #expect(Array(bytes[4..<8]) == [40, 0, 0, 0])
    #expect(Array(bytes[8..<16]) == Array("WAVEfmt ".utf8))
    #expect(Array(bytes[16..<24]) == [16, 0, 0, 0, 1, 0, 1, 0])
    #expect(Array(bytes[24..<28]) == [0x22, 0x56, 0, 0])
    #expect(Array(bytes[28..<32]) == [0x44, 0xac, 0, 0])
    #expect(Array(bytes[32..<36]) == [2, 0, 16, 0])
    #expect(Array(bytes[36..<44]) == Array("data".utf8) + [4, 0, 0, 0])
    #expect(Array(bytes[44...]) == [1, 0, 0xfe, 0xff])
    #expect(WaveFile(sampleRate: 2, samples: [0, 0, 0]).seconds == 1.5)
  }
}
