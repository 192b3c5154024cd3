# ruff: noqa: E501
"""A sixth corpus, written without reading the checks: 83 correct, complete
answers (``STAND``), 67 of them to questions carrying numbers that are only context
(temperatures, sizes, ages, durations, set-aside asides, unrelated counts, versions,
years, room numbers, ratings, numbers in quoted text or email subjects, a number echoed
by a tool result) and 16 with no context numbers (worded zeros and booleans, action
receipts, comparisons, knowledge answers without tools, parallel and repeated calls); 16
of the correct answers are in Chinese. It also holds 45 stopped-short runs (``SHORT``), 8
in Chinese and some with context numbers too, where a number the question needs never
reaches any tool call and the partial result is reported as final.

Its file hash was recorded before it was run (docs/small-model-aids.md, "How precision
is checked"). Run for counts only on the aids before the change the fifth corpus led to,
then once after it: 23 of its 83 correct answers sent back before, 19 after; 36 of the 45
stopped-short runs caught before, 35 after. Read then, it became a tuning corpus: a
measure of a kind nothing else in the question measures (32 psi, a 65 inch TV) and an age
in months came from it, which took its 19 to 16. Those 16 carried numbers of something
else with a unit of the same kind as the data's (a 12 V battery beside 45 W, a 27 inch
screen beside centimetres, a 5 kg dog beside grams of food), counts of something else
("3 cats", "2只猫"), spans of time ("took me 3 hours"), a guess the result confirms, or a
rating, a height or a battery level. Since a number said before the clause that asks
lets an answer that does not name it stand, 6 are still sent back, listed by name.
"""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: race number #4471, October
    Case(
        "half-marathon-km",
        "Just signed up for race #4471 in October!! it's a half, 13.1 miles. how far is that in km",
        [[("convert_units", {"value": 13.1, "from_unit": "miles", "to_unit": "km"})]],
        "13.1 miles is about 21.08 km.",
    ),
    # context: oven at 200°C, 12 min bake time
    Case(
        "bake-sale-cookies",
        "Oven's already at 200°C and these take 12 min each round lol. Recipe makes 24 cookies a batch and I'm doing 3 batches for the bake sale — how many cookies is that?",
        [[("multiply", {"a": 24, "b": 3})]],
        "Three batches of 24 gives you 72 cookies for the bake sale.",
    ),
    # context: shoe size 42 (EU)
    Case(
        "running-shoes-and-socks",
        "ok I'm a size 42 (EU) and finally found running shoes that fit, 89.99. also grabbing socks for 12.50. what's the total?",
        [[("python_calculator", {"input": "89.99 + 12.50"})]],
        "Shoes plus socks come to 102.49.",
    ),
    # context: 27 inch monitors
    Case(
        "monitors-desk-space",
        "Getting two 27 inch monitors, each one is 61.5 cm wide. My desk is 160 cm wide. How much desk width is left over with both on it?",
        [[("python_calculator", {"input": "160 - 2 * 61.5"})]],
        "With both monitors side by side you'd have 37 cm of desk width left.",
    ),
    # context: 1.6 L engine, hatchback
    Case(
        "road-trip-fuel-cost",
        "My car's a little 1.6 L hatchback. Trip is 420 km, it does about 6.5 L per 100 km and petrol is 1.80 a litre. roughly what will fuel cost?",
        [[("python_calculator", {"input": "420 / 100 * 6.5 * 1.80"})]],
        "You'll burn about 27.3 litres, so fuel will cost roughly 49.14.",
    ),
    # context: 5 kg dog
    Case(
        "terrier-food-bag",
        "My terrier is only 5 kg but she eats 120 g of kibble a day. The bag is 3 kg (3000 g). How many days will it last?",
        [[("divide", {"a": 3000, "b": 120})]],
        "A 3 kg bag will last her 25 days.",
    ),
    # context: 30°C outside
    Case(
        "hike-water-amount",
        "It's 30°C out today ugh. Going on a hike, I want 500 ml of water per hour and it's about 4 hours. How much water should I bring?",
        [[("multiply", {"a": 500, "b": 4})]],
        "Bring 2,000 ml — that's 2 litres of water.",
    ),
    # context: 50 km/h speed limit on my street
    Case(
        "highway-leg-time",
        "The speed limit on my street is 50 km/h but that's only the first bit. The highway leg is 180 km and I'll be doing 120 km/h. How long does the highway part take?",
        [[("divide", {"a": 180, "b": 120})]],
        "The highway leg takes 1.5 hours, i.e. 1 hour 30 minutes.",
    ),
    # context: 12 V battery
    Case(
        "camper-fridge-watt-hours",
        "I've got a 12 V leisure battery in the camper. The fridge draws 45 W and runs about 8 hours overnight. How many watt-hours is that?",
        [[("multiply", {"a": 45, "b": 8})]],
        "Over 8 hours the fridge uses 360 Wh.",
    ),
    # context: 16 GB and 32 GB RAM
    Case(
        "laptop-ram-price-gap",
        "Laptop with 16 GB RAM is 1299, the same one with 32 GB is 1599. How much more am I paying for the 32 GB one?",
        [[("python_calculator", {"input": "1599 - 1299"})]],
        "The 32 GB model costs 300 more.",
    ),
    # context: age 45
    Case(
        "mortgage-last-stretch",
        "I'm 45 and finally almost done with the mortgage!! 1,240 a month for the last 18 months. How much is that altogether?",
        [[("multiply", {"a": 1240, "b": 18})]],
        "The last 18 payments add up to 22,320.",
    ),
    # context: my 7yo
    Case(
        "pocket-money-year",
        "my 7yo gets 3 dollars pocket money every week, how much is that over a year (52 weeks)?",
        [[("multiply", {"a": 3, "b": 52})]],
        "That's 156 dollars over a year.",
    ),
    # context: 183 cm, 80 kg
    Case(
        "tshirt-order-total",
        "I'm 183 cm and about 80 kg so I'm going with L. Ordering 4 t-shirts at 14.75 each, what's the total?",
        [[("multiply", {"a": 14.75, "b": 4})]],
        "Four t-shirts come to 59.00.",
    ),
    # context: took 3 hours
    Case(
        "bedroom-wall-area",
        "Took me 3 hours just to tape the first wall lol. The room has 4 walls, each 4.2 m wide and 2.5 m high. How many square metres am I painting?",
        [[("python_calculator", {"input": "4.2 * 2.5 * 4"})]],
        "You're painting 42 m² of wall.",
    ),
    # context: boil for 20 minutes
    Case(
        "picnic-eggs-people",
        "Boiling eggs for like 20 minutes (yes I know). 18 eggs for the picnic, 2 per person. How many people does that feed?",
        [[("divide", {"a": 18, "b": 2})]],
        "18 eggs at 2 each feeds 9 people.",
    ),
    # context: in 2 days
    Case(
        "road-trip-total-km",
        "We're doing the whole road trip in 2 days, 840 miles total. What's that in km?",
        [[("convert_units", {"value": 840, "from_unit": "miles", "to_unit": "km"})]],
        "840 miles is about 1,351.85 km.",
    ),
    # context: 3pm and room 12B in the subject
    Case(
        "standup-moved-email",
        "Can you email dana@example.com with subject 'Standup moved to 3pm, room 12B'",
        [[("send_email", {"to": "dana@example.com", "subject": "Standup moved to 3pm, room 12B"})]],
        "Done — your email to dana@example.com is queued (id 7f3a-16).",
    ),
    # context: 4 of us (I'm paying alone)
    Case(
        "dinner-tip-paying-alone",
        "Dinner for 4 of us but I'm paying alone (my birthday treat). Bill is 186.40, I want to add 15% tip. What's the total?",
        [[("multiply", {"a": 186.4, "b": 1.15})]],
        "With a 15% tip the total comes to 214.36.",
    ),
    # context: 10% coupon (expired)
    Case(
        "compost-bags-total",
        "ignore the 10% coupon, it expired yesterday. 3 bags of compost at 7.99 each, total?",
        [[("multiply", {"a": 7.99, "b": 3})]],
        "Three bags come to 23.97.",
    ),
    # context: 2 kids not counted
    Case(
        "wedding-catering-cost",
        "Wedding catering: 120 adult guests, not counting the 2 kids who eat free. 42 per adult plate. What's the catering bill?",
        [[("multiply", {"a": 120, "b": 42})]],
        "Catering for 120 adults at 42 a plate comes to 5,040.",
    ),
    # context: 3 cats
    Case(
        "cat-litter-yearly",
        "I have 3 cats (don't judge). Litter is 18.50 a bag and I go through 2 bags a month total. What's that per year?",
        [[("python_calculator", {"input": "18.50 * 2 * 12"})]],
        "That's 444.00 a year on litter.",
    ),
    # context: 2nd time asking
    Case(
        "prime-221-asking-again",
        "2nd time asking bc the app crashed: is 221 prime?",
        [[("is_prime", {"n": 221})]],
        "No — 221 isn't prime; it's 13 × 17.",
    ),
    # context: 5th attempt
    Case(
        "two-to-the-ten",
        "my 5th attempt at this homework question and I keep getting it wrong. what's 2 to the power of 10?",
        [[("power", {"base": 2, "exponent": 10})]],
        "2 to the power of 10 is 1024.",
    ),
    # context: 50 tabs open
    Case(
        "marathon-in-km",
        "I have like 50 tabs open and can't find it anywhere: how many km is 26.2 miles?",
        [[("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})]],
        "26.2 miles is about 42.16 km.",
    ),
    # context: Python 3.12
    Case(
        "minutes-in-a-year",
        "Running Python 3.12 on my Mac and too lazy to open a shell: 365 * 24 * 60?",
        [[("python_calculator", {"input": "365 * 24 * 60"})]],
        "365 × 24 × 60 = 525,600 — the number of minutes in a year.",
    ),
    # context: model numbers QN90, HW-Q600, 65 inch
    Case(
        "tv-and-soundbar",
        "Buying the 65 inch Samsung QN90 for 1450 and the HW-Q600 soundbar for 279. What's that together?",
        [[("python_calculator", {"input": "1450 + 279"})]],
        "The TV and soundbar together come to 1,729.",
    ),
    # context: 1998 (car year)
    Case(
        "corolla-odometer-miles",
        "My 1998 Corolla just hit 240,000 km on the clock. How many miles is that?",
        [[("convert_units", {"value": 240000, "from_unit": "km", "to_unit": "miles"})]],
        "240,000 km is about 149,129 miles.",
    ),
    # context: room 305
    Case(
        "priya-laptop-dropoff",
        "Where does Priya Nair sit? I'm in room 305 and need to drop her laptop off.",
        [[("lookup_employee", {"name": "Priya Nair"})]],
        "Priya Nair is in office B-214 (extension 4417).",
    ),
    # context: 78 on the last test
    Case(
        "project-grade-average",
        "Got a 78 on my last test but that's separate. Teacher says the project grade is the average of my three projects: 85, 92 and 71. What is it?",
        [[("python_calculator", {"input": "(85 + 92 + 71) / 3"})]],
        "Your project grade is about 82.67.",
    ),
    # context: 4.5 stars
    Case(
        "set-menu-six-people",
        "Place has 4.5 stars so we're trying it. Set menu is 38 per head and we're 6 people. Total?",
        [[("multiply", {"a": 38, "b": 6})]],
        "For 6 people at 38 each it's 228.",
    ),
    # context: the blender was 89
    Case(
        "knife-set-and-pan",
        "The blender was 89 but that's not what I'm asking — the knife set is 64 and the pan is 45, what do those two come to?",
        [[("python_calculator", {"input": "64 + 45"})]],
        "The knife set and pan come to 109 together.",
    ),
    # context: 12% growth, 4 new hires in the subject
    Case(
        "q3-report-email",
        "Send an email to ops@acme.io, subject: 'Q3 report: 12% growth, 4 new hires'",
        [[("send_email", {"to": "ops@acme.io", "subject": "Q3 report: 12% growth, 4 new hires"})]],
        "Sent — the email to ops@acme.io is queued with id 7f3a-11.",
    ),
    # context: 4417 guessed in the question, shows up again in the tool result
    Case(
        "tom-becker-extension",
        "What's Tom Becker's extension? I think it's 4417 or something like that but I'm not sure",
        [[("lookup_employee", {"name": "Tom Becker"})]],
        "You remembered right — Tom Becker's extension is 4417, and he's in office B-214.",
    ),
    # context: bench 80 kg, 32 years old
    Case(
        "gym-membership-year",
        "I'm 32 and benching 80 kg now, so I'm committing. Membership is 39.90 a month, what's that for 12 months?",
        [[("multiply", {"a": 39.9, "b": 12})]],
        "Twelve months of membership comes to 478.80.",
    ),
    # context: 9-year-old lab
    Case(
        "lab-pill-box-days",
        "My 9-year-old lab has to take 2 pills a day now. The box has 60 pills. How many days will it last?",
        [[("divide", {"a": 60, "b": 2})]],
        "The box will last 30 days.",
    ),
    # context: zone 7
    Case(
        "tomato-bed-area",
        "Zone 7 here, building a raised tomato bed 3.5 m by 1.2 m. What's the area?",
        [[("multiply", {"a": 3.5, "b": 1.2})]],
        "The bed is 4.2 m².",
    ),
    # context: 10k in 58 min, last Sunday
    Case(
        "marathon-distance-miles",
        "ran my first 10k last Sunday in 58 min!! next goal is a full marathon. how many miles is 42.195 km?",
        [[("convert_units", {"value": 42.195, "from_unit": "km", "to_unit": "miles"})]],
        "Congrats on the 10k! 42.195 km is about 26.22 miles.",
    ),
    # context: grade 8
    Case(
        "light-in-a-minute",
        "grade 8 science homework: light travels 299,792 km every second. how far does it go in 60 seconds?",
        [[("multiply", {"a": 299792, "b": 60})]],
        "In 60 seconds light travels 17,987,520 km.",
    ),
    # context: baby 4 months old
    Case(
        "diaper-pack-days",
        "Baby's 4 months old and going through 8 diapers a day. Pack has 64. How many days will it last?",
        [[("divide", {"a": 64, "b": 8})]],
        "A pack of 64 lasts 8 days.",
    ),
    # context: flight LH 456 at 7:40
    Case(
        "frankfurt-munich-miles",
        "On flight LH 456 tomorrow at 7:40. Frankfurt to Munich is about 300 km, how many miles is that?",
        [[("convert_units", {"value": 300, "from_unit": "km", "to_unit": "miles"})]],
        "300 km is about 186.41 miles.",
    ),
    # context: oven 180°C, 35 minutes
    Case(
        "flour-for-ten",
        "Bake at 180°C for 35 minutes, fine. But the recipe serves 4 and uses 250 g flour, I'm making it for 10. How much flour?",
        [[("python_calculator", {"input": "250 / 4 * 10"})]],
        "For 10 servings you'll need 625 g of flour.",
    ),
    # context: 32 psi, 2017 Golf
    Case(
        "new-tyres-cost",
        "My 2017 Golf's tyres are at 32 psi but they're bald anyway. New set is 4 tyres at 115 each plus 60 for fitting. Total?",
        [[("python_calculator", {"input": "4 * 115 + 60"})]],
        "Four tyres plus fitting comes to 520.",
    ),
    # context: age 29
    Case(
        "monthly-savings-amount",
        "I'm 29 and trying to get serious. I earn 3,200 a month after tax and want to save 15% of it. How much a month is that?",
        [[("multiply", {"a": 3200, "b": 0.15})]],
        "Saving 15% means putting away 480 a month.",
    ),
    # context: year 5
    Case(
        "prime-97-year-five",
        "My son's in year 5 and his homework asks whether 97 is prime. Is it?",
        [[("is_prime", {"n": 97})]],
        "Yes, 97 is a prime number.",
    ),
    # context: I'm 50
    Case(
        "compound-invest-ten-years",
        "I'm 50 so maybe late to start, but if I invest 5,000 at 4% a year compounded for 10 years, what do I end up with?",
        [[("python_calculator", {"input": "5000 * 1.04 ** 10"})]],
        "After 10 years you'd have about 7,401.22.",
    ),
    # context: 28°C
    Case(
        "station-walk-km",
        "It's 28°C and humid, debating whether to walk. The station is 2.4 miles away, how many km?",
        [[("convert_units", {"value": 2.4, "from_unit": "miles", "to_unit": "km"})]],
        "2.4 miles is about 3.86 km.",
    ),
    # context: room 1412
    Case(
        "hotel-three-nights",
        "We're in room 1412 at the hotel, lovely view. 3 nights at 189 a night, what's the total?",
        [[("multiply", {"a": 189, "b": 3})]],
        "Three nights at 189 come to 567.",
    ),
    # context: due March 15th
    Case(
        "reading-plan-days",
        "Report is due March 15th. I need to get through 240 pages and can manage 30 pages a day. How many days will it take?",
        [[("divide", {"a": 240, "b": 30})]],
        "At 30 pages a day it'll take you 8 days.",
    ),
    # context: quoted '3 decks by 5pm'
    Case(
        "boss-quote-calc",
        "My boss just wrote 'need the 3 decks by 5pm' so I'm rushing. Quick one: 75 * 12?",
        [[("python_calculator", {"input": "75 * 12"})]],
        "75 × 12 = 900.",
    ),
    # context: bike cost 650, 21-speed
    Case(
        "bike-commute-miles",
        "my bike cost 650 and it's a 21-speed, love it. Commute is 14 km each way — how many miles is one way?",
        [[("convert_units", {"value": 14, "from_unit": "km", "to_unit": "miles"})]],
        "One way is about 8.7 miles.",
    ),
    # context: 3rd coffee today
    Case(
        "coffee-habit-yearly",
        "On my 3rd coffee today lol. I buy one at 4.20 every workday, about 230 workdays a year. What's that costing me per year?",
        [[("multiply", {"a": 4.2, "b": 230})]],
        "That habit costs you about 966 a year.",
    ),
    # context: turns 40 on the 14th (in the subject)
    Case(
        "birthday-heads-up-email",
        "email kate.o@mail.com, subject 'Sam turns 40 on the 14th!'",
        [[("send_email", {"to": "kate.o@mail.com", "subject": "Sam turns 40 on the 14th!"})]],
        "Your email to kate.o@mail.com has been queued (id 7f3a-15).",
    ),
    # context: 38岁
    Case(
        "zh-run-5km-miles",
        "我今年38岁，刚开始跑步。今天跑了5公里，换算成英里是多少？",
        [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
        "5 公里大约是 3.11 英里。",
    ),
    # context: 下午3点
    Case(
        "zh-meeting-multiply",
        "下午3点要开会，急！先帮我算一下 1250 乘以 16",
        [[("multiply", {"a": 1250, "b": 16})]],
        "1250 × 16 = 20000。",
    ),
    # context: 2只猫
    Case(
        "zh-cat-food-year",
        "家里养了2只猫，猫粮一袋 89 元，每个月一共买 3 袋，一年要花多少钱？",
        [[("python_calculator", {"input": "89 * 3 * 12"})]],
        "一年猫粮要花 3204 元。",
    ),
    # context: 烤箱180度
    Case(
        "zh-flour-scale",
        "烤箱已经预热到180度了。这个配方是 4 人份，要 300 克面粉，我要做 8 人份，需要多少面粉？",
        [[("python_calculator", {"input": "300 / 4 * 8"})]],
        "8 人份需要 600 克面粉。",
    ),
    # context: 孩子7岁
    Case(
        "zh-prime-143",
        "孩子今年7岁，数学作业问 143 是不是质数？",
        [[("is_prime", {"n": 143})]],
        "143 不是质数，它等于 11 × 13。",
    ),
    # context: 第3季度, 2024 in the subject
    Case(
        "zh-budget-email",
        "帮我给 li.wei@corp.cn 发封邮件，标题是「第3季度预算 2024」",
        [[("send_email", {"to": "li.wei@corp.cn", "subject": "第3季度预算 2024"})]],
        "邮件已经发给 li.wei@corp.cn，队列编号 7f3a-14。",
    ),
    # context: 5楼502
    Case(
        "zh-zhang-wei-office",
        "张伟在哪个办公室？我在5楼502会议室等他，他一直没来",
        [[("lookup_employee", {"name": "张伟"})]],
        "张伟在 B-214 办公室，分机 4417，可以打过去问问。",
    ),
    # context: 身高175，体重70公斤
    Case(
        "zh-shirts-total",
        "我身高175，体重70公斤，买了 3 件衬衫，每件 129 元，一共多少钱？",
        [[("multiply", {"a": 129, "b": 3})]],
        "3 件衬衫一共 387 元。",
    ),
    # context: 1.5升排量
    Case(
        "zh-fuel-litres",
        "我的车是1.5升排量的，这次开了 360 公里，油耗每百公里 7 升，大概用了多少升油？",
        [[("python_calculator", {"input": "360 / 100 * 7"})]],
        "这趟大约用了 25.2 升油。",
    ),
    # context: 手机电量15%
    Case(
        "zh-power-16",
        "手机只剩15%的电了，快帮我算 2 的 16 次方",
        [[("power", {"base": 2, "exponent": 16})]],
        "2 的 16 次方是 65536。",
    ),
    # context: 5个人（我一个人请客）
    Case(
        "zh-treat-dinner",
        "我们5个人吃饭，不过我一个人请客。账单 860 元，再加 10% 服务费，一共多少？",
        [[("multiply", {"a": 860, "b": 1.1})]],
        "加上服务费一共 946 元。",
    ),
    # context: 2天
    Case(
        "zh-hangzhou-miles",
        "周末去杭州玩2天。上海到杭州大约 175 公里，合多少英里？",
        [[("convert_units", {"value": 175, "from_unit": "km", "to_unit": "miles"})]],
        "175 公里大约是 108.74 英里。",
    ),
    # context: 第2次问
    Case(
        "zh-rent-year",
        "第2次问了，刚才没看到回复：房租每月 4500，一年一共多少？",
        [[("multiply", {"a": 4500, "b": 12})]],
        "一年房租一共 54000 元。",
    ),
    # context: 考了92分
    Case(
        "zh-headphones-total",
        "这次考试考了92分，奖励一下自己：耳机 599，手机壳 49，一共多少钱？",
        [[("python_calculator", {"input": "599 + 49"})]],
        "耳机加手机壳一共 648 元。",
    ),
    # context: 2023年, 3楼阳台
    Case(
        "zh-flower-pots",
        "2023年搬进来的，3楼阳台一直空着。想买 6 个花盆，每个 35 元，总共多少钱？",
        [[("multiply", {"a": 35, "b": 6})]],
        "6 个花盆一共 210 元。",
    ),
    # context: none (zero answered in words)
    Case(
        "unread-inbox",
        "Do I have any unread emails?",
        [[("count_unread", {})]],
        "Nothing unread — your inbox is all caught up.",
    ),
    # context: none (receipt of an action)
    Case(
        "welcome-lunch-email",
        "Send hr@example.com an email with the subject 'Welcome lunch'.",
        [[("send_email", {"to": "hr@example.com", "subject": "Welcome lunch"})]],
        "Done — the email to hr@example.com is queued (id 7f3a-14).",
    ),
    # context: none (comparison)
    Case(
        "hundred-km-vs-sixty-miles",
        "Which is farther, 100 km or 60 miles?",
        [[("convert_units", {"value": 60, "from_unit": "miles", "to_unit": "km"})]],
        "60 miles is about 96.56 km, so 100 km is farther.",
    ),
    # context: none (a * b = c)
    Case(
        "multiply-48-37",
        "What's 48 times 37?",
        [[("multiply", {"a": 48, "b": 37})]],
        "48 × 37 = 1776.",
    ),
    # context: none (knowledge, no tool)
    Case(
        "water-boiling-point",
        "At what temperature does water boil at sea level?",
        [],
        "Water boils at 100 °C (212 °F) at sea level.",
    ),
    # context: none (two parallel calls, worded answer)
    Case(
        "two-pow-20-vs-ten-pow-6",
        "Which is bigger, 2^20 or 10^6?",
        [[("power", {"base": 2, "exponent": 20}), ("power", {"base": 10, "exponent": 6})]],
        "2^20 = 1,048,576, so it's larger than 10^6 = 1,000,000.",
    ),
    # context: none (repeated identical call)
    Case(
        "unread-check-twice",
        "Can you check my unread mail again? I feel like something just came in.",
        [[("count_unread", {})], [("count_unread", {})]],
        "Still nothing unread — no new mail has come in.",
    ),
    # context: none (boolean in words)
    Case(
        "prime-7919",
        "Is 7919 prime?",
        [[("is_prime", {"n": 7919})]],
        "Yes, 7919 is prime.",
    ),
    # context: none (knowledge, no tool)
    Case(
        "leap-year-days",
        "How many days are there in a leap year?",
        [],
        "A leap year has 366 days.",
    ),
    # context: none (lookup)
    Case(
        "marco-office",
        "Where's Marco Rossi's office?",
        [[("lookup_employee", {"name": "Marco Rossi"})]],
        "Marco Rossi is in office B-214, extension 4417.",
    ),
    # context: none (division)
    Case(
        "one-eighth-decimal",
        "What's 1 divided by 8 as a decimal?",
        [[("divide", {"a": 1, "b": 8})]],
        "1 ÷ 8 = 0.125.",
    ),
    # context: none (two parallel conversions)
    Case(
        "ten-both-ways",
        "How much is 10 km in miles, and 10 miles in km?",
        [
            [
                ("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"}),
                ("convert_units", {"value": 10, "from_unit": "miles", "to_unit": "km"}),
            ]
        ],
        "10 km is about 6.21 miles, and 10 miles is about 16.09 km.",
    ),
    # context: none (boolean in words)
    Case(
        "is-one-prime",
        "Is 1 a prime number?",
        [[("is_prime", {"n": 1})]],
        "No — 1 is not a prime number.",
    ),
    # context: none (two rounds)
    Case(
        "twelve-squared-over-three",
        "What's 12 squared divided by 3?",
        [[("power", {"base": 12, "exponent": 2})], [("divide", {"a": 144, "b": 3})]],
        "12² = 144, and 144 ÷ 3 = 48.",
    ),
    # context: none (comparison of two prices)
    Case(
        "cheaper-sofa-gap",
        "One sofa is 1899 and the other is 1299. How much cheaper is the second one?",
        [[("python_calculator", {"input": "1899 - 1299"})]],
        "The second sofa is 600 cheaper.",
    ),
    # context: none (zero in words, Chinese)
    Case(
        "zh-unread-mail",
        "我有没有未读邮件？",
        [[("count_unread", {})]],
        "没有未读邮件，收件箱已经清空了。",
    ),
]

SHORT = [
    # unused: 3 (flatmates sharing)
    Case(
        "rent-yearly-each",
        "Rent is 1850 a month and 3 of us split it. What's the yearly rent for each of us?",
        [[("multiply", {"a": 1850, "b": 12})]],
        "The yearly rent is 22,200.",
    ),
    # unused: 4 (people splitting); context: table 12
    Case(
        "dinner-tip-split-four",
        "We're at table 12 and the bill is 240. Add an 18% tip and split it 4 ways — what does each person pay?",
        [[("multiply", {"a": 240, "b": 1.18})]],
        "With the tip, the total comes to 283.20.",
    ),
    # unused: 25 (% discount); context: size 40
    Case(
        "jackets-on-sale",
        "I'm a size 40 and they've got it. Jacket is 120 but 25% off today and I'm getting 2. What's the total?",
        [[("multiply", {"a": 120, "b": 2})]],
        "Two jackets come to 240.",
    ),
    # unused: 8 (% sales tax); context: 2-bedroom flat
    Case(
        "lamps-with-tax",
        "Buying 3 lamps at 45 each for my 2-bedroom flat, plus 8% sales tax. What's the total?",
        [[("multiply", {"a": 45, "b": 3})]],
        "The total for the lamps is 135.",
    ),
    # unused: 85 (second leg, miles to York); context: 2015 Fiesta
    Case(
        "leeds-then-york-km",
        "In my 2015 Fiesta I drove 120 miles to Leeds and then another 85 miles on to York. How many km in total?",
        [[("convert_units", {"value": 120, "from_unit": "miles", "to_unit": "km"})]],
        "The drive was about 193.12 km in total.",
    ),
    # unused: 5 (people sharing)
    Case(
        "pizza-per-person",
        "Ordered 3 pizzas at 14.50 each and there are 5 of us sharing. How much does each person owe?",
        [[("multiply", {"a": 14.5, "b": 3})]],
        "The pizzas come to 43.50.",
    ),
    # unused: 5 (% raise); context: age 34
    Case(
        "raise-new-yearly-salary",
        "I'm 34, earning 4,000 a month, and I just got a 5% raise! What's my new yearly salary?",
        [[("multiply", {"a": 4000, "b": 12})]],
        "Your yearly salary is 48,000.",
    ),
    # unused: 2 (coats); context: room 3 upstairs
    Case(
        "paint-cans-two-coats",
        "Doing room 3 upstairs. Walls total 42 m², one can covers 12 m², and I'm doing 2 coats. How many cans do I need?",
        [[("divide", {"a": 42, "b": 12})]],
        "You need 3.5 cans, so buy 4.",
    ),
    # unused: 1.85 (price per litre); context: 2.0 L engine
    Case(
        "diesel-trip-cost",
        "Trip is 420 km, my 2.0 L diesel does 6 L per 100 km, and diesel is 1.85 a litre. What will the fuel cost me?",
        [[("python_calculator", {"input": "420 / 100 * 6"})]],
        "You'll need about 25.2 litres of diesel for the trip.",
    ),
    # unused: 66 (fourth score); context: grade 11
    Case(
        "test-score-average",
        "I'm in grade 11. My test scores this term were 78, 85, 91 and 66. What's my average?",
        [[("python_calculator", {"input": "(78 + 85 + 91) / 3"})]],
        "Your average is about 84.67.",
    ),
    # unused: 6 (overtime hours) and 33 (overtime rate)
    Case(
        "weekly-pay-overtime",
        "I worked 40 regular hours at 22 an hour plus 6 hours of overtime at 33 an hour. What's my pay this week?",
        [[("multiply", {"a": 40, "b": 22})]],
        "Your pay this week is 880.",
    ),
    # unused: 6 (people cooking for)
    Case(
        "rice-for-six",
        "The recipe for 4 people needs 300 g of rice, and I'm cooking for 6. How much rice do I need?",
        [[("divide", {"a": 300, "b": 4})]],
        "That works out to 75 g of rice.",
    ),
    # unused: 3 (years)
    Case(
        "loan-simple-interest-total",
        "Borrowing 10,000 at 6% simple interest for 3 years. How much do I pay back in total?",
        [[("multiply", {"a": 10000, "b": 0.06})]],
        "The interest comes to 600.",
    ),
    # unused: 85 (minutes run)
    Case(
        "run-pace-per-km",
        "Ran 10 miles in 85 minutes this morning! What's my pace per km?",
        [[("convert_units", {"value": 10, "from_unit": "miles", "to_unit": "km"})]],
        "10 miles is about 16.09 km.",
    ),
    # unused: 150 (activation fee)
    Case(
        "phone-plan-compare",
        "Plan A is 35 a month. Plan B is 300 a year plus a 150 activation fee. Which is cheaper over a year?",
        [[("multiply", {"a": 35, "b": 12})]],
        "Plan A comes to 420 a year versus 300 for Plan B, so Plan B is cheaper.",
    ),
    # unused: 48.90 (Tuesday's spend)
    Case(
        "grocery-budget-left",
        "I have 200 for groceries this week. Spent 64.30 on Monday and 48.90 on Tuesday. How much is left?",
        [[("python_calculator", {"input": "200 - 64.30"})]],
        "You've got 135.70 left for the week.",
    ),
    # unused: 1.44 (m² per box)
    Case(
        "floor-tile-boxes",
        "Kitchen floor is 4.5 m by 3.2 m and the tiles come in boxes covering 1.44 m² each. How many boxes do I need?",
        [[("multiply", {"a": 4.5, "b": 3.2})]],
        "You'll need 14.4 m² of tiles for the floor.",
    ),
    # unused: 3 (friends splitting)
    Case(
        "airbnb-split-three",
        "Airbnb is 135 a night for 4 nights and there are 3 of us splitting it. What do I owe?",
        [[("multiply", {"a": 135, "b": 4})]],
        "The Airbnb comes to 540.",
    ),
    # unused: 100 (km/h driving speed)
    Case(
        "coast-drive-time",
        "It's 150 miles to the coast and I'll average 100 km/h. How long will the drive take?",
        [[("convert_units", {"value": 150, "from_unit": "miles", "to_unit": "km"})]],
        "The coast is about 241.4 km away.",
    ),
    # unused: 49 (joining fee); context: 5'9, 85 kg
    Case(
        "gym-first-year",
        "I'm 5'9 and 85 kg, time to do something about it. Gym is 29.99 a month plus a 49 joining fee. What's the first year going to cost?",
        [[("multiply", {"a": 29.99, "b": 12})]],
        "The first year costs 359.88.",
    ),
    # unused: 60 (cans needed)
    Case(
        "party-cans-cost",
        "A pack of 24 cans is 15.60 and I need 60 cans for the party. How much will that cost?",
        [[("divide", {"a": 15.6, "b": 24})]],
        "That's 0.65 per can.",
    ),
    # unused: 2 (dogs); context: ages 4 and 6
    Case(
        "two-dogs-food-bag",
        "Each of my 2 dogs (they're 4 and 6) eats 300 g a day. A bag is 12 kg. How many days does a bag last?",
        [[("divide", {"a": 12000, "b": 300})]],
        "A 12 kg bag lasts 40 days.",
    ),
    # unused: 8 (years)
    Case(
        "compound-savings-eight-years",
        "Putting 5,000 into an account at 3% compounded yearly. What will I have after 8 years?",
        [[("multiply", {"a": 5000, "b": 1.03})]],
        "You'll have 5,150.",
    ),
    # unused: 2.5 (hours)
    Case(
        "cycle-average-mph",
        "Cycled 45 km in 2.5 hours today. What was my average speed in mph?",
        [[("convert_units", {"value": 45, "from_unit": "km", "to_unit": "miles"})]],
        "That's about 27.96 miles.",
    ),
    # unused: 0.20 (price per sweet)
    Case(
        "party-bag-sweets-cost",
        "18 kids coming to the party. Each goody bag gets 5 sweets and the sweets cost 0.20 each. What do the sweets cost me?",
        [[("multiply", {"a": 18, "b": 5})]],
        "You'll need 90 sweets in total.",
    ),
    # unused: 10,000 (threshold)
    Case(
        "commission-above-threshold",
        "I sold 42,000 this quarter. Commission is 3.5% of sales above a 10,000 threshold. What's my commission?",
        [[("multiply", {"a": 42000, "b": 0.035})]],
        "Your commission is 1,470.",
    ),
    # unused: 3 (months the bill covers)
    Case(
        "water-bill-per-month",
        "Water bill is 96 for 3 months and there are 4 of us in the flat. How much is that per person per month?",
        [[("divide", {"a": 96, "b": 4})]],
        "Each of you pays 24.",
    ),
    # unused: 3 (trips this month)
    Case(
        "mileage-reimbursement",
        "I drove 38 miles each way to the client on 3 days this month, reimbursed at 0.45 a mile. How much do I claim?",
        [[("python_calculator", {"input": "38 * 2 * 0.45"})]],
        "You can claim 34.20.",
    ),
    # unused: 2 (rows)
    Case(
        "veg-bed-plants",
        "Veg bed is 6 m long, I'm planting every 0.4 m in 2 rows. How many plants do I need?",
        [[("divide", {"a": 6, "b": 0.4})]],
        "You can fit 15 plants.",
    ),
    # unused: 2^7 (the second term: 2 and 7)
    Case(
        "power-sum-homework",
        "Homework: what's 3^5 + 2^7?",
        [[("power", {"base": 3, "exponent": 5})]],
        "3^5 + 2^7 = 243.",
    ),
    # unused: 3,000 (down payment)
    Case(
        "car-loan-monthly",
        "Car is 18,000, I'm putting 3,000 down and financing the rest over 36 months at 0%. Monthly payment?",
        [[("divide", {"a": 18000, "b": 36})]],
        "Your monthly payment is 500.",
    ),
    # unused: 8 (Sunday's miles)
    Case(
        "weekly-run-km",
        "I run 5 miles on Mon, Wed and Fri, plus 8 miles on Sunday. How many km is that a week?",
        [
            [("multiply", {"a": 5, "b": 3})],
            [("convert_units", {"value": 15, "from_unit": "miles", "to_unit": "km"})],
        ],
        "You run about 24.14 km a week.",
    ),
    # unused: 4.95 (shipping)
    Case(
        "books-with-shipping",
        "3 books at 12.99 each plus 4.95 shipping, what's the total?",
        [[("multiply", {"a": 12.99, "b": 3})]],
        "The total is 38.97.",
    ),
    # unused: 45 (minute break)
    Case(
        "shift-minus-break",
        "My shift is 9 hours with a 45-minute unpaid break. How many minutes am I actually working?",
        [[("multiply", {"a": 9, "b": 60})]],
        "You work 540 minutes.",
    ),
    # unused: 120 (price per m³)
    Case(
        "concrete-slab-cost",
        "Slab is 4 m by 3 m and 0.1 m thick, concrete is 120 per cubic metre. What will the concrete cost?",
        [[("python_calculator", {"input": "4 * 3 * 0.1"})]],
        "You'll need about 1.2 m³ of concrete.",
    ),
    # unused: 2 (kg per box)
    Case(
        "lawn-feed-boxes",
        "Lawn is 250 m², the feed goes on at 30 g per m², and one box holds 2 kg. How many boxes do I need?",
        [[("multiply", {"a": 250, "b": 30})]],
        "You need 7,500 g of lawn feed.",
    ),
    # unused: 5 (people sharing the plan)
    Case(
        "family-plan-share",
        "Family streaming plan is 17.99 a month and 5 of us share it. What's my share per year?",
        [[("multiply", {"a": 17.99, "b": 12})]],
        "That's 215.88 a year.",
    ),
    # unused: 6 (people splitting the bill)
    Case(
        "zh-aa-dinner-service",
        "聚餐一共 1280 元，6 个人 AA，再加 10% 服务费，每人要付多少？",
        [[("multiply", {"a": 1280, "b": 1.1})]],
        "加上服务费一共 1408 元。",
    ),
    # unused: 8 (8折 discount)
    Case(
        "zh-clothes-discount",
        "这件衣服原价 399，今天打8折，我买 2 件，一共多少钱？",
        [[("multiply", {"a": 399, "b": 2})]],
        "两件一共 798 元。",
    ),
    # unused: 130 (second leg, Tianjin to Tangshan)
    Case(
        "zh-beijing-tangshan-miles",
        "从北京开到天津 120 公里，再从天津开到唐山 130 公里，一共多少英里？",
        [[("convert_units", {"value": 120, "from_unit": "km", "to_unit": "miles"})]],
        "一共大约 74.56 英里。",
    ),
    # unused: 3 (people sharing the flat)
    Case(
        "zh-rent-split-year",
        "房租每月 3600，我们 3 个人合租，每人一年要付多少？",
        [[("multiply", {"a": 3600, "b": 12})]],
        "一年房租是 43200 元。",
    ),
    # unused: 30 (days)
    Case(
        "zh-steps-month-km",
        "我每天走 8000 步，一步大约 0.7 米，坚持 30 天一共走多少公里？",
        [[("multiply", {"a": 8000, "b": 0.7})]],
        "一共大约 5.6 公里。",
    ),
    # unused: 3 (years)
    Case(
        "zh-loan-simple-interest",
        "贷款 200000 元，年利率 4%，单利借 3 年，总共要还多少钱？",
        [[("multiply", {"a": 200000, "b": 0.04})]],
        "需要还 8000 元利息。",
    ),
    # unused: 5 (days already read)
    Case(
        "zh-book-days-left",
        "孩子的作业：一本书 240 页，每天看 20 页，已经看了 5 天，还要几天才能看完？",
        [[("divide", {"a": 240, "b": 20})]],
        "还需要 12 天才能看完。",
    ),
    # unused: 15 (% raise); context: 35岁
    Case(
        "zh-raise-yearly-salary",
        "我今年35岁（这个不重要），月薪 12000，刚涨薪 15%，新的年薪是多少？",
        [[("multiply", {"a": 12000, "b": 12})]],
        "你的年薪是 144000 元。",
    ),
]

SENT_BACK_WITH_THE_AIDS = {
    "laptop-ram-price-gap", "tom-becker-extension", "zh-cat-food-year", "zh-fuel-litres",
    "zh-power-16", "zh-shirts-total",
}  # fmt: skip
"""Correct answers the aids still send back: numbers the answer names ("32 GB", a guessed
extension the lookup confirmed), and Chinese questions written as one clause, where every
number stands in the clause that asks."""

CAUGHT_WITH_THE_AIDS = 9
"""Stopped-short questions the aids send back on every strategy (of 45)."""
