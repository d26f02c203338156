// The learning pages' strings (rules, examples, tutorials, labs), added to i18n.

import { addStrings } from "../i18n.js";

addStrings({
  "learn.rules.title": { en: "{game} — rules", zh: "{game} 规则" },
  "learn.tutorial.title": { en: "{game} — learn to play", zh: "{game} 新手教程" },
  "learn.lab.title": { en: "{game} — lab", zh: "{game} 实验室" },
  "learn.unknown": { en: "There is no such game.", zh: "没有这个游戏。" },
  "learn.toc": { en: "Chapters", zh: "章节" },
  "learn.nav": { en: "Learn", zh: "学习" },
  "learn.nav.rules": { en: "Rules", zh: "规则" },
  "learn.nav.tutorial": { en: "Tutorial", zh: "教程" },
  "learn.nav.lab": { en: "Lab", zh: "实验室" },
  "learn.nav.puzzles": { en: "Puzzles", zh: "残局题" },
  "learn.nav.play": { en: "Play", zh: "开始游戏" },
  "learn.tryTutorial": { en: "Play the tutorial", zh: "进入新手教程" },
  "learn.example": { en: "Live example", zh: "交互示例" },
  "learn.step": { en: "Step {n} of {m}", zh: "第 {n} / {m} 步" },
  "learn.again": { en: "Play it again", zh: "再来一次" },
  "learn.loading": { en: "Loading…", zh: "载入中…" },
  "learn.wrong": { en: "Not this time: {why}", zh: "这一步不对：{why}" },
  "learn.result": { en: "Scores: {scores}", zh: "得分：{scores}" },
  "learn.done": { en: "Done!", zh: "完成！" },
  "learn.next": { en: "Play a real game against easy bots", zh: "和简单电脑打一局" },
  "learn.rulesLink": { en: "Rules", zh: "规则" },
  "lab.clear": { en: "Clear", zh: "清空" },
  "lab.score": { en: "Score", zh: "得分" },
  "lab.yes": { en: "yes", zh: "是" },
  "lab.no": { en: "no", zh: "否" },
});
