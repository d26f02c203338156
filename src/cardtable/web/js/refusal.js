// A refusal of the server in the reader's words. The server answers {code, detail} over
// HTTP and {type: "error", code, message} on the WebSocket, its sentence in English (it
// names the exact problem: the seat, the option, the card). An English page shows that
// sentence; a Chinese page shows our words for the code first and the server's sentence
// after it in （）, so the reader understands at once and the detail is still there.
// Every refusal a page shows goes through errorText (docs/web.md "Refusals").

import { addStrings, has, isZh, t } from "./i18n.js";

// One entry a code of src/cardtable/server (errors.py and the modules' own), plus the two
// the browser makes itself: network (no answer) and http (an answer without a code).
addStrings({
  // The table's WebSocket.
  "err.bad_json": { en: "The message was not JSON", zh: "消息格式错误" },
  "err.too_large": { en: "The message was too large", zh: "消息过大" },
  "err.bad_message": { en: "The message was not understood", zh: "无法理解的消息" },
  "err.unknown_type": { en: "Unknown message type", zh: "未知的消息类型" },
  "err.unknown_table": { en: "No such table", zh: "牌桌不存在" },
  "err.bad_token": { en: "The seat token is not valid", zh: "座位凭证无效" },
  "err.spectator": { en: "Spectators cannot play", zh: "观战者不能出牌" },
  "err.not_your_seat": { en: "This seat is not yours now", zh: "这个座位已不属于你" },
  "err.malformed_action": { en: "The move was malformed", zh: "操作格式有误" },
  "err.game_over": { en: "The game is over", zh: "游戏已经结束" },
  "err.stale_version": { en: "The table moved on before your move arrived", zh: "你的操作到达前牌局已有变化" },
  "err.not_your_turn": { en: "It is not your turn", zh: "还没轮到你" },
  "err.illegal_action": { en: "That move is not allowed", zh: "这一步不合规则" },
  "err.server_error": { en: "The server had a problem", zh: "服务器出错" },
  "err.too_many_connections": { en: "Too many connections from this address", zh: "此地址打开的连接过多" },
  "err.waiting_for_players": { en: "The game starts when every seat is taken", zh: "还有空位：坐满后才开局" },
  "err.not_owner": { en: "This table moved to another server: reconnect", zh: "牌桌已转到别的服务器，请重新连接" },
  "err.bad_chat": { en: "That chat message cannot be sent", zh: "这条聊天消息无法发送" },
  "err.no_name": { en: "Spectators need a name to chat", zh: "观战者需要名字才能聊天" },
  "err.rate_limited": { en: "Too many at once: wait a moment", zh: "操作过于频繁，请稍候" },
  // Tables, seats and seeks.
  "err.unknown_game": { en: "That game is not available", zh: "没有这个游戏，或暂不可玩" },
  "err.no_such_game": { en: "There is no such game", zh: "没有这个游戏" },
  "err.bad_options": { en: "Those options are not allowed", zh: "选项不合要求" },
  "err.bad_seats": { en: "Those seats are not allowed", zh: "座位设置不合要求" },
  "err.bot_budget": { en: "That bot is stronger than this server allows", zh: "电脑强度超出本服务器的上限" },
  "err.bad_clock": { en: "That clock is not allowed", zh: "计时设置不合要求" },
  "err.bad_pace": { en: "That pace is not allowed", zh: "节奏设置不合要求" },
  "err.account_required": { en: "Rated games are for accounts: sign in first", zh: "计分对局仅限账户：请先登录" },
  "err.not_invited": { en: "This table is private: its invite link lets you in", zh: "私人牌桌：需要邀请链接" },
  "err.seat_taken": { en: "That seat is taken", zh: "座位已被占用" },
  "err.no_free_seat": { en: "No seat is free", zh: "没有空位" },
  "err.unknown_seat": { en: "There is no such seat", zh: "没有这个座位" },
  "err.not_over": { en: "The game is not over yet", zh: "这局还没结束" },
  "err.broken_table": { en: "This game's record no longer replays", zh: "这局的记录已无法重放" },
  "err.no_such_step": { en: "There is no such step", zh: "没有这一步" },
  "err.seek_open": { en: "You are already looking for a game", zh: "你已经在寻桌了" },
  "err.seek_paired": { en: "That seek is paired already", zh: "该寻桌已配对成功" },
  "err.seeks_full": { en: "Too many people are seeking: try again soon", zh: "寻桌的人太多，请稍后再试" },
  "err.unknown_seek": { en: "That seek is gone", zh: "该寻桌已不存在" },
  "err.bad_range": { en: "That rating range is not valid", zh: "等级分范围无效" },
  // Accounts.
  "err.bad_login": { en: "Wrong user name or password", zh: "用户名或密码错误" },
  "err.bad_name": { en: "That name is not allowed", zh: "这个名字不合要求" },
  "err.bad_password": { en: "That password is not allowed", zh: "密码不合要求" },
  "err.name_taken": { en: "That user name is taken", zh: "用户名已被占用" },
  "err.bad_csrf": { en: "Reload the page and try again", zh: "请刷新页面后重试" },
  "err.busy": { en: "The server is busy: try again in a few seconds", zh: "服务器繁忙，请几秒后重试" },
  "err.no_such_player": { en: "There is no such player", zh: "没有这位玩家" },
  // Learning, labs, puzzles and reviews.
  "err.unknown_scenario": { en: "There is no such example", zh: "没有这个示例" },
  "err.broken_scenario": { en: "This example is broken on the server", zh: "这个示例在服务器上出错了" },
  "err.unknown_lab": { en: "There is no such lab", zh: "没有这个实验室" },
  "err.bad_lab_input": { en: "The lab cannot use that input", zh: "输入有误，无法计算" },
  "err.unknown_puzzle": { en: "There is no such puzzle", zh: "没有这道谜题" },
  "err.bad_answer": { en: "That is not a move of this puzzle", zh: "这不是本题能走的一步" },
  "err.no_review": { en: "This game has no review yet", zh: "这局还没有复盘" },
  "err.review_budget": { en: "That review asks for too much work", zh: "复盘计算量超出上限" },
  "err.review_busy": { en: "The server is busy with reviews: ask again soon", zh: "复盘排队已满，请稍后再试" },
  "err.review_running": { en: "Your last review is still running", zh: "你上一次的复盘还在计算" },
  "err.bad_record": { en: "The game's record cannot be read", zh: "无法读取这局的记录" },
  // Any request.
  "err.bad_request": { en: "The request was not understood", zh: "无法理解的请求" },
  "err.not_found": { en: "Nothing at that address", zh: "该地址不存在" },
  "err.method_not_allowed": { en: "That request is not allowed here", zh: "不支持这种请求" },
  "err.http_error": { en: "The server refused the request", zh: "服务器拒绝了请求" },
  "err.http": { en: "The server refused the request", zh: "服务器拒绝了请求" },
  "err.network": { en: "Could not reach the server", zh: "无法连接服务器" },
});

/** A refusal in words: `error` is an ApiError, a WebSocket error message, an Error or a
 * string. English: the server's sentence. Chinese: our words for its code, then the
 * server's sentence in （）. */
export function errorText(error) {
  const sentence = error?.message ?? String(error);
  const key = `err.${error?.code}`;
  if (!isZh() || !has(key)) return sentence;
  return sentence ? `${t(key)}（${sentence}）` : t(key);
}
