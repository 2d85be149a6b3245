import { describe, expect, it } from 'vitest'
import { compileGoalVocabulary } from './compile-goal-vocabulary.ts'
import { createGoalParser } from './create-goal-parser.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
import { matchGoalCues } from './match-goal-cues.ts'
import { normalizeGoalText } from './normalize-goal-text.ts'
import type { GoalIntent } from './types.ts'

const parser = createGoalParser()

// Hand-written requests in the phrasing of real ones (behaviour, not a measurement: the measured
// figures come from real requests in bench/coding-requests.ts). Code names stay in English, as
// users write them.
const requests: ReadonlyArray<readonly [string, GoalIntent]> = [
  ['帮我修复这个bug', 'modify'],
  ['给 UserService 添加一个缓存', 'modify'],
  ['把这个函数改成异步的', 'modify'],
  ['解释一下这个函数是做什么的', 'explain'],
  ['这个项目的架构是怎样的', 'explain'],
  ['在哪里定义了 parseConfig', 'locate'],
  ['为什么这个测试失败了', 'diagnose'],
  ['运行测试', 'execute'],
  ['比较这两个实现的区别', 'compare'],
  ['谢谢', 'chat'],
  ['ログイン画面にボタンを追加して', 'modify'],
  ['この関数を説明して', 'explain'],
  ['なぜこのテストは失敗するの', 'diagnose'],
  ['로그인 기능을 추가해줘', 'modify'],
  ['이 함수 설명해줘', 'explain'],
  ['добавь обработку ошибок в api.py', 'modify'],
  ['объясни, как работает этот модуль', 'explain'],
  ['где определяется функция main', 'locate'],
  ['почему падает тест', 'diagnose'],
  ['запусти тесты', 'execute'],
  ['сравни эти две версии', 'compare'],
  ['спасибо', 'chat'],
  ['додай валідацію форми', 'modify'],
  ['agrega validación al formulario', 'modify'],
  ['explica cómo funciona el router', 'explain'],
  ['¿dónde se define la función main?', 'locate'],
  ['el login no funciona', 'diagnose'],
  ['ejecuta las pruebas', 'execute'],
  ['adicione um botão de logout', 'modify'],
  ['explique o que faz essa função', 'explain'],
  ['ajoute des tests pour utils.py', 'modify'],
  ['pourquoi ce test échoue ?', 'diagnose'],
  ['füge einen Test für parse hinzu', 'modify'],
  ['erkläre mir diese Funktion', 'explain'],
  ['aggiungi un pulsante di logout', 'modify'],
  ['spiegami come funziona il router', 'explain'],
  ['login sayfasına buton ekle', 'modify'],
  ['dodaj walidację formularza', 'modify'],
  ['tambahkan validasi pada form login', 'modify'],
  ['thêm nút đăng xuất', 'modify'],
]

// Destructive requests in scripts written without spaces, beside the ones the coding test has.
const destructive = [
  '删除 legacy 文件夹',
  '撤销我最后一次提交',
  'legacy フォルダを削除して',
  'legacy 폴더를 삭제해줘',
]

describe('createGoalParser (other languages)', () => {
  it.each(requests)('reads %s as %s', (text, intent) => {
    const { goal, confidence } = parser.parse(text)
    expect(goal.intent).toBe(intent)
    expect(confidence).toBeGreaterThan(0.3)
  })

  it.each(destructive)('reads %s as a destructive change', (text) => {
    expect(parser.parse(text).goal.intent).toBe('modify')
    const compiled = compileGoalVocabulary(defaultGoalVocabulary)
    const hits = matchGoalCues(normalizeGoalText(text, compiled), compiled)
    expect(hits.some((hit) => hit.cue.destructive)).toBe(true)
  })

  it('matches a Chinese cue as a run of characters anywhere, and only as a run', () => {
    const compiled = compileGoalVocabulary({
      ...defaultGoalVocabulary,
      cues: [{ phrase: '修复', intent: 'modify', exact: true }],
    })
    const hits = (text: string) => matchGoalCues(normalizeGoalText(text, compiled), compiled)
    expect(hits('帮我修复一下登录').map((hit) => hit.cue.phrase)).toEqual(['修复'])
    expect(hits('修好这个再复查')).toEqual([])
  })

  it('splits scripts without spaces into characters, and other words as before', () => {
    const compiled = compileGoalVocabulary(defaultGoalVocabulary)
    const words = (text: string) => normalizeGoalText(text, compiled).map((token) => token.surface)
    expect(words('帮我fix这个bug')).toEqual(['帮', '我', 'fix', '这', '个', 'bug'])
    expect(words('テストを追加')).toEqual(['テ', 'ス', 'ト', 'を', '追', '加'])
    expect(words("don't add UserService")).toEqual(['do', 'not', 'add', 'UserService'])
  })

  it('reads a word of another language as written, never as an English word it stems like', () => {
    // Portuguese `altere` ("change it") stems like English `alter`, a synonym of change: read as
    // the English word it would turn "which files changed" into a request to change them.
    for (const text of ['which files changed', 'show modified files', 'did I edit anything'])
      expect(parser.parse(text).goal.intent, text).toBe('status')
    expect(parser.parse('altere a função login').goal.intent).toBe('modify')
  })
})
